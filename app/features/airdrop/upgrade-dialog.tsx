import { Form, Link } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { isolateNumbers } from "#app/utils/format.ts";
import { BonusType } from "#contract/bonus-tasks.ts";
import { Icon } from "#app/components/icons.tsx";
import { Sheet } from "#app/components/sheet.tsx";

/**
 * The app-upgrade reward: claimed here on the latest app (gp_pop), or a new version to get first
 * (app_outdated). That button is a link to /download; inside the app the native bridge takes
 * it over (`data-native`) and the app opens its store (docs/native-bridge.md).
 */
export function UpgradeDialog({ power, outdated }: { power: string; outdated?: boolean }) {
  const { t } = useTranslation();
  return (
    <Sheet labelledBy="upgrade-title" dismissTo="/airdrop?upgrade=later" modal={false}>
      <span className="sheet__art">
        <Icon name="gift" />
      </span>
      <h2 id="upgrade-title">{t(outdated ? "airdrop:upgrade.outdatedTitle" : "airdrop:upgrade.title")}</h2>
      <p>{t(outdated ? "airdrop:upgrade.outdatedBody" : "airdrop:upgrade.body", { power })}</p>
      <div className="actions">
        {outdated ? (
          <a href="/download" className="button" data-native="open_store">
            {t("airdrop:upgrade.update")}
          </a>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="bonus_type" value={BonusType.appUpgrade} />
            <button type="submit" name="intent" value="bonus" className="button">
              {isolateNumbers(t("airdrop:upgrade.claim", { power }))}
            </button>
          </Form>
        )}
        <Link to="/airdrop?upgrade=later" className="button button--secondary" replace preventScrollReset>
          {t("airdrop:upgrade.later")}
        </Link>
      </div>
    </Sheet>
  );
}
