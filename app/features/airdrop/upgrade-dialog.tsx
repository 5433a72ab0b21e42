import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BonusType } from "../../../contract/bonus-tasks.ts";

/** Shown when the API says the app-upgrade reward is waiting (gp_pop). */
export function UpgradeDialog({ power }: { power: string }) {
  const { t } = useTranslation();
  return (
    <div className="sheet" role="dialog" aria-modal="false" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">{t("airdrop:upgrade.title")}</h2>
      <p>{t("airdrop:upgrade.body", { power })}</p>
      <div className="actions">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="bonus_type" value={BonusType.appUpgrade} />
          <button type="submit" name="intent" value="bonus" className="button">
            {t("airdrop:upgrade.claim", { power })}
          </button>
        </Form>
        <Link to="/airdrop?upgrade=later" className="button button--secondary" replace preventScrollReset>
          {t("airdrop:upgrade.later")}
        </Link>
      </div>
    </div>
  );
}
