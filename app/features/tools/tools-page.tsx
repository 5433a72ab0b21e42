import { useTranslation } from "react-i18next";
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
        <h2>{t("tools:stonesTitle")}</h2>
        <p>{t("tools:stonesBody")}</p>
      </section>
      <section className="card">
        <h2>{t("tools:giftsTitle")}</h2>
        <p>{t("tools:giftsBody")}</p>
      </section>
    </main>
  );
}
