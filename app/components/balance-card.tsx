import { useTranslation } from "react-i18next";
import { balance8 } from "~/utils/format.ts";

/** VV and BTC balances, 8 decimals each, as the wallet shows them. */
export function BalanceCard({ vv, btc }: { vv: string; btc: string }) {
  const { t } = useTranslation();
  return (
    <dl className="card balances">
      <div>
        <dt>{t("common:balance.vv")}</dt>
        <dd><bdi dir="ltr">{balance8(vv)}</bdi></dd>
      </div>
      <div>
        <dt>{t("common:balance.btc")}</dt>
        <dd><bdi dir="ltr">{balance8(btc)}</bdi></dd>
      </div>
    </dl>
  );
}
