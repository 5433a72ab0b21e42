import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Avatar } from "#app/components/avatar.tsx";
import { BalanceCard } from "#app/components/balance-card.tsx";
import { Icon } from "#app/components/icons.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { PersonName, selfPerson } from "#app/components/person.tsx";
import { History } from "#app/features/ledger/history.tsx";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { LogoutSheet } from "./logout-sheet.tsx";
import type { loadProfilePage } from "./profile.server.ts";
import { AvatarState } from "./avatar-state.tsx";
import { InstallApp } from "./install-app.tsx";

/** The Profile tab: who the user is, what they hold, the history of every change, and the way to settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { statuses, history, confirmLogout } = useLoaderData<typeof loadProfilePage>();
  const status = statuses.find((s) => s.id === user.user_status_icon);
  const person = selfPerson(user);
  return (
    <main className="page">
      <PageHeader title={t("profile:title")} />
      <section className="card profile" aria-label={t("profile:card")}>
        <Avatar src={user.avatar || undefined} person={person} />
        <div className="profile__body">
          <p className="profile__name">
            <PersonName person={person} />
            {status ? (
              <span className="status-icon" role="img" aria-label={t(`profile:statuses.${status.name}`, { defaultValue: status.name })}>
                {status.icon}
              </span>
            ) : null}
          </p>
          {user.name ? null : <p className="hint">{t("profile:aliasHint")}</p>}
          <p className="hint">
            <bdi dir="ltr">ID {user.display_id}</bdi>
          </p>
          <AvatarState />
        </div>
        <Link to="/settings" className="button button--secondary profile__edit">
          {t("profile:settings.open")}
        </Link>
      </section>
      <BalanceCard vv={user.vv} btc={user.btc} />
      <Link to="/map" className="button button--secondary button--block">
        <Icon name="globe" small />
        {t("profile:nearby")}
      </Link>
      <Link to="/campaign" className="button button--secondary button--block">
        <Icon name="power" small />
        {t("profile:campaign")}
      </Link>
      <InstallApp />
      <History page={history} path="/mine" />
      {confirmLogout ? (
        <LogoutSheet dismissTo="/mine" />
      ) : (
        <Link to="/mine?confirm=logout" className="button button--secondary button--block">
          <Icon name="logout" small mirror />
          {t("profile:logout")}
        </Link>
      )}
    </main>
  );
}
