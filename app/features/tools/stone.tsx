import { useTranslation } from "#app/utils/translation.tsx";
import type { ForceStone } from "#contract/tools.ts";
import { Icon } from "#app/components/icons.tsx";
import { percentText } from "#app/utils/format.ts";

/** A stone's tile: the kind's colour (earth, water, wind, fire, by bonus rate) behind the stone icon. */
export function StoneTile({ kind }: { kind: ForceStone["name"] }) {
  return (
    <span className={`list-row__icon stone stone--${kind}`}>
      <Icon name="stone" />
    </span>
  );
}

/** "Fire stone", and its power and bonus rate, as lines a radio label or a row can hold. */
export function StoneFacts({ stone }: { stone: Pick<ForceStone, "name" | "power" | "buff_ratio"> }) {
  const { t } = useTranslation();
  return (
    <span className="stone-facts">
      <span className="stone-facts__name">{t(`tools:stone.${stone.name}`)}</span>
      <span className="stone-facts__numbers">
        <StoneNumbers stone={stone} />
      </span>
    </span>
  );
}

/** "Power 38 · Bonus +5%": a stone's numbers, each kept left to right in RTL sentences. */
export function StoneNumbers({ stone }: { stone: Pick<ForceStone, "power" | "buff_ratio"> }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {t("tools:stone.power")}{" "}
      <bdi dir="ltr" className="num">
        {stone.power}
      </bdi>
      {" · "}
      {t("tools:stone.bonus")} <span className="num">{percentText(i18n.language, stone.buff_ratio, { signed: true })}</span>
    </>
  );
}

/** Radio buttons to pick one of the user's free stones; the first is picked to begin with. */
export function StoneChoice({ stones, legend }: { stones: ForceStone[]; legend: string }) {
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {stones.map((stone, i) => (
        <label key={stone.force_stone_id} className="choice">
          <input type="radio" name="stone" value={stone.force_stone_id} defaultChecked={i === 0} required />
          <StoneTile kind={stone.name} />
          <StoneFacts stone={stone} />
        </label>
      ))}
    </fieldset>
  );
}
