import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BonusTasks } from "~/components/airdrop/bonus-tasks.tsx";
import { PowerCard } from "~/components/airdrop/power-card.tsx";
import { RoundList } from "~/components/airdrop/round-list.tsx";
import { StatusCard } from "~/components/airdrop/status-card.tsx";
import { UpgradeDialog } from "~/components/airdrop/upgrade-dialog.tsx";
import { BalanceCard } from "~/components/balance-card.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { Toaster } from "~/components/toaster.tsx";
import { airdropAction, loadAirdrop, type AirdropActionData } from "~/utils/airdrop.server.ts";
import { isolate } from "~/utils/format.ts";
import { titleFromData } from "~/utils/seo.ts";
import { useSignedInUser } from "./_app.tsx";

export const loader = ({ request }: LoaderFunctionArgs) => loadAirdrop(request);
export const action = ({ request }: ActionFunctionArgs) => airdropAction(request);
export const meta = titleFromData;

export default function Airdrop() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<AirdropActionData>();
  return (
    <main className="page">
      {actionData?.toast ? <Toaster toast={actionData.toast} /> : null}
      <PageHeader title={t("airdrop.title")}>
        <p className="lead">{t("airdrop.greeting", { name: isolate(user.name || user.email) })}</p>
      </PageHeader>
      <StatusCard info={data.info} />
      <PowerCard info={data.info} />
      <BalanceCard vv={data.info.vv} btc={data.info.btc} />
      <BonusTasks info={data.info} tasks={data.tasks} inviteCode={user.invite_code} typedHandle={actionData?.twitter} />
      <RoundList rounds={data.rounds} />
      {data.upgradePopup ? <UpgradeDialog power={data.upgradePower} /> : null}
    </main>
  );
}
