import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icons.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { useSignedInUser } from "~/utils/signed-in-user.ts";

/** The Team tab: the user's invitation code and link. */
export function TeamPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <main className="page">
      <PageHeader title={t("team:title")}>
        <p className="lead">{t("team:lead")}</p>
      </PageHeader>
      <section className="card">
        <h2 className="card__title">
          <Icon name="invite" small />
          {t("team:inviteTitle")}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t("team:inviteCode")}</dt>
            <dd className="mono"><bdi dir="ltr">{user.invite_code}</bdi></dd>
          </div>
          <div>
            <dt>{t("team:inviteLink")}</dt>
            <dd className="break"><bdi dir="ltr">{user.invite_link}</bdi></dd>
          </div>
        </dl>
        <div className="actions">
          <Link to="/recruit" className="button">
            {t("team:inviteFriends")}
          </Link>
        </div>
      </section>
    </main>
  );
}
