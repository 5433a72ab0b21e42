import { useTranslation } from "react-i18next";
import { ListRow } from "~/components/list-row.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { isolate } from "~/utils/format.ts";
import { useSignedInUser } from "~/utils/signed-in-user.ts";

/** The Tools tab (/force on the wire): magic stones and gift boxes. */
export function ToolsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <main className="page">
      <PageHeader title={t("tools:title")}>
        <p className="lead">{user.name ? t("tools:lead", { name: isolate(user.name) }) : t("tools:leadNoName")}</p>
      </PageHeader>
      <section className="card">
        <ListRow icon="stone" heading={2} title={t("tools:stonesTitle")} subtitle={t("tools:stonesBody")} />
      </section>
      <section className="card">
        <ListRow icon="gift" heading={2} title={t("tools:giftsTitle")} subtitle={t("tools:giftsBody")} />
      </section>
    </main>
  );
}
