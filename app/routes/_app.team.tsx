import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header.tsx";
import { titleData } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";
import { useSignedInUser } from "./_app.tsx";

export const loader = ({ request }: LoaderFunctionArgs) => titleData(request, "tabs.team");
export const meta = titleFromData;

export default function Team() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <main className="page">
      <PageHeader title={t("team.title")}>
        <p className="lead">{t("team.lead")}</p>
      </PageHeader>
      <section className="card">
        <h2>{t("team.inviteTitle")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("team.inviteCode")}</dt>
            <dd className="mono"><bdi dir="ltr">{user.invite_code}</bdi></dd>
          </div>
          <div>
            <dt>{t("team.inviteLink")}</dt>
            <dd className="break"><bdi dir="ltr">{user.invite_link}</bdi></dd>
          </div>
        </dl>
      </section>
    </main>
  );
}
