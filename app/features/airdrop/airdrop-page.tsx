import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useCurrentToast } from "#app/components/toaster.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { personName, selfPerson } from "#app/components/person.tsx";
import { saveFigures } from "#app/features/offline/last-figures.ts";
import { compactNumber, isolate, shortAmount } from "#app/utils/format.ts";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { BonusTasks } from "./bonus-tasks.tsx";
import { PowerCard } from "./power-card.tsx";
import { RoundList } from "./round-list.tsx";
import { StatusCard } from "./status-card.tsx";
import type { AirdropData } from "./types.ts";
import { UpgradeDialog } from "./upgrade-dialog.tsx";
import { WelcomeCard } from "./welcome-card.tsx";

// Shown once, after a start with JavaScript: its code stays out of the page's own.
const NotificationsOffer = lazy(() =>
  import("#app/features/profile/notifications-offer.tsx").then((m) => ({ default: m.NotificationsOffer })),
);
// Shown once, after a sign-in by code: likewise.
const PasskeyOffer = lazy(() => import("#app/features/passkeys/passkey-offer.tsx"));

export function AirdropPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const data = useLoaderData<AirdropData>();
  const failed = useActionData<IntentFailure>();
  const started = failed?.toast.key === "airdrop:toast.started";
  const [passkeyOffered] = useState(useCurrentToast()?.offer === "passkey");
  const { info } = data;
  useEffect(() => {
    const now = Date.now();
    saveFigures({
      user: user.id,
      vv: shortAmount(info.vv),
      power: compactNumber(info.power),
      // In this phone's clock, which may differ from the server's.
      roundEnd: now + (info.next_round_timestamp - info.server_time) * 1000,
      savedAt: now,
    });
  }, [info, user.id]);
  return (
    <main className="page">
      <PageHeader title={t("airdrop:title")}>
        <p className="lead">{t("airdrop:greeting", { name: isolate(personName(t, selfPerson(user))) })}</p>
      </PageHeader>
      <StatusCard info={data.info} endsAt={data.roundEndsAt} />
      {started ? (
        <Suspense fallback={null}>
          <NotificationsOffer />
        </Suspense>
      ) : null}
      {passkeyOffered ? (
        <Suspense fallback={null}>
          <PasskeyOffer />
        </Suspense>
      ) : null}
      {data.welcome && !user.name ? <WelcomeCard /> : null}
      <PowerCard info={data.info} />
      <BonusTasks
        info={data.info}
        tasks={data.tasks}
        inviteCode={user.invite_code}
        invite={{ friends: data.inviteFriends, started: data.inviteStarted, link: user.invite_link }}
        followWait={data.followWait}
        typedHandle={failed?.fields?.handle}
      />
      <RoundList rounds={data.rounds} />
      <p className="rules-link">
        <a href="/rules">{t("airdrop:rulesLink")}</a>
      </p>
      {data.upgradePopup || data.storePopup ? <UpgradeDialog power={data.upgradePower} outdated={data.storePopup} /> : null}
    </main>
  );
}
