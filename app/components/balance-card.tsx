import { useTranslation } from "#app/utils/translation.tsx";
import { balance8 } from "#app/utils/format.ts";
import { Stat } from "./stat.tsx";

/** VV and BTC balances, 8 decimals each, as the wallet shows them. */
export function BalanceCard({ vv, btc }: { vv: string; btc: string }) {
  const { t } = useTranslation();
  return (
    <dl className="card balances">
      <Stat label={t("common:balance.vv")} value={balance8(vv)} />
      <Stat label={t("common:balance.btc")} value={balance8(btc)} />
    </dl>
  );
}
