import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "~/components/balance-card.tsx";
import { PageHeader } from "~/components/page-header.tsx";
import { isolate } from "~/utils/format.ts";
import { titleData } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";
import { useSignedInUser } from "./_app.tsx";

export const loader = ({ request }: LoaderFunctionArgs) => titleData(request, "tabs.airdrop");
export const meta = titleFromData;

export default function Airdrop() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <main className="page">
      <PageHeader title={t("airdrop.title")}>
        <p className="lead">{t("airdrop.greeting", { name: isolate(user.name || user.email) })}</p>
      </PageHeader>
      <BalanceCard vv={user.vv} btc={user.btc} />
      <section className="card">
        <h2>{t("airdrop.howTitle")}</h2>
        <p>{t("airdrop.howBody")}</p>
      </section>
    </main>
  );
}
