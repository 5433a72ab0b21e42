import { useTranslation } from "#app/utils/translation.tsx";
import { Icon } from "#app/components/icons.tsx";
import { compactNumber } from "#app/utils/format.ts";
import type { Info } from "./types.ts";

/** Soul Power with its two parts, and the way to raise it. */
export function PowerCard({ info }: { info: Info }) {
  const { t } = useTranslation();
  return (
    <section className="card power" aria-labelledby="power-title">
      <div>
        <h2 id="power-title" className="card__title">
          <Icon name="power" small />
          {t("airdrop:power.heading")}
        </h2>
        <p className="power__total">
          <bdi dir="ltr" className="num">
            {compactNumber(info.power)}
          </bdi>
        </p>
        <p className="hint">{t("airdrop:power.parts", { own: compactNumber(info.own_power), team: compactNumber(info.team_power) })}</p>
      </div>
      <a href="#tasks" className="button button--secondary">
        {t("airdrop:power.boost")}
      </a>
    </section>
  );
}
