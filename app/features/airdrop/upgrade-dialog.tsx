import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/utils/translation.tsx";
import { isolateNumbers } from "~/utils/format.ts";
import { BonusType } from "../../../contract/bonus-tasks.ts";
import { Icon } from "~/components/icons.tsx";
import { Sheet } from "~/components/sheet.tsx";

/** Shown when the API says the app-upgrade reward is waiting (gp_pop). */
export function UpgradeDialog({ power }: { power: string }) {
  const { t } = useTranslation();
  return (
    <Sheet labelledBy="upgrade-title" dismissTo="/airdrop?upgrade=later" modal={false}>
      <span className="sheet__art">
        <Icon name="gift" />
      </span>
      <h2 id="upgrade-title">{t("airdrop:upgrade.title")}</h2>
      <p>{t("airdrop:upgrade.body", { power })}</p>
      <div className="actions">
        <Form method="post" preventScrollReset>
          <input type="hidden" name="bonus_type" value={BonusType.appUpgrade} />
          <button type="submit" name="intent" value="bonus" className="button">
            {isolateNumbers(t("airdrop:upgrade.claim", { power }))}
          </button>
        </Form>
        <Link to="/airdrop?upgrade=later" className="button button--secondary" replace preventScrollReset>
          {t("airdrop:upgrade.later")}
        </Link>
      </div>
    </Sheet>
  );
}
