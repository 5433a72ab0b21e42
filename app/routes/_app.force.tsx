import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header.tsx";
import { isolate } from "~/utils/format.ts";
import { titleData } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";
import { useSignedInUser } from "./_app.tsx";

export const loader = ({ request }: LoaderFunctionArgs) => titleData(request, "tabs.tools");
export const meta = titleFromData;

export default function Tools() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <main className="page">
      <PageHeader title={t("tools.title")}>
        <p className="lead">{t("tools.lead", { name: isolate(user.name || user.email) })}</p>
      </PageHeader>
      <section className="card">
        <h2>{t("tools.stonesTitle")}</h2>
        <p>{t("tools.stonesBody")}</p>
      </section>
      <section className="card">
        <h2>{t("tools.giftsTitle")}</h2>
        <p>{t("tools.giftsBody")}</p>
      </section>
    </main>
  );
}
