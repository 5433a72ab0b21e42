import { useTranslation } from "#app/utils/translation.tsx";
import { balance8 } from "#app/utils/format.ts";
import { Stat } from "./stat.tsx";

/** VV and BTC to the last of their 8 decimals (the spec's wallet), with what the BTC balance is for. */
export function ExactBalances({ vv, btc }: { vv: string; btc: string }) {
  const { t } = useTranslation();
  return (
    <div className="exact-balances">
      <dl className="balances">
        <Stat label={t("common:balance.vv")} value={balance8(vv)} />
        <Stat label={t("common:balance.btc")} value={balance8(btc)} />
      </dl>
      <p className="hint">{t("common:balance.btcHint")}</p>
    </div>
  );
}

/** The profile's wallet: the exact balances under their heading. */
export function BalanceCard({ vv, btc }: { vv: string; btc: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="balance-title">
      <h2 id="balance-title">{t("common:balance.exact")}</h2>
      <ExactBalances vv={vv} btc={btc} />
    </section>
  );
}
