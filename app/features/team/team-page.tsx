import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icons.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { useSignedInUser } from "~/utils/signed-in-user.ts";
import { InviteFacts } from "./invite-facts.tsx";

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
        <InviteFacts code={user.invite_code} link={user.invite_link} />
        <div className="actions">
          <Link to="/recruit" className="button">
            {t("team:inviteFriends")}
          </Link>
        </div>
      </section>
    </main>
  );
}
