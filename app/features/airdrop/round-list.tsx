import { useTranslation } from "#app/utils/translation.tsx";
import { Chip } from "#app/components/chip.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Stat } from "#app/components/stat.tsx";
import { balance8, shortAmount } from "#app/utils/format.ts";
import type { Round } from "./types.ts";

/**
 * The user's rounds, newest first, as compact rows that fit a 360 px phone in every language;
 * a tap opens the round's exact amount and the power it was paid for. Times were formatted on
 * the server, in the phone's time zone (no hydration drift).
 */
export function RoundList({ rounds }: { rounds: (Round & { when: string })[] }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="rounds-title">
      <h2 id="rounds-title">{t("airdrop:rounds.heading")}</h2>
      {rounds.length === 0 ? (
        <EmptyState>
          <p className="hint">{t("airdrop:rounds.empty")}</p>
        </EmptyState>
      ) : (
        <ul className="round-rows">
          {rounds.map((r) => (
            <li key={r.id}>
              <details className="round-row">
                <summary>
                  <span className="round-row__name">
                    {t("airdrop:rounds.round")} <bdi dir="ltr">#{r.round_number}</bdi>
                    <span className="round-row__when">{r.when}</span>
                  </span>
                  <span className="round-row__amount">
                    <bdi dir="ltr" className="num">
                      {shortAmount(r.amount)}&nbsp;VV
                    </bdi>
                    <Chip tone={r.collected ? "success" : "brand"}>
                      {t(r.collected ? "airdrop:rounds.claimed" : "airdrop:rounds.unclaimed")}
                    </Chip>
                  </span>
                </summary>
                <dl className="round-row__detail">
                  <Stat label="VV" value={balance8(r.amount)} />
                  <Stat label={t("airdrop:power.heading")} value={r.power} />
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
