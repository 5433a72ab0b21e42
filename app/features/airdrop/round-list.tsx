import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state.tsx";
import { balance8 } from "~/utils/format.ts";
import type { Round } from "./types.ts";

/** The user's rounds, newest first; times were formatted on the server (no hydration drift). */
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
        <table className="rounds">
          <thead>
            <tr>
              <th scope="col">{t("airdrop:rounds.round")}</th>
              <th scope="col">{t("airdrop:rounds.time")}</th>
              <th scope="col">VV</th>
              <th scope="col">{t("airdrop:rounds.state")}</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.id}>
                <td>
                  <bdi dir="ltr">#{r.round_number}</bdi>
                </td>
                <td>{r.when}</td>
                <td>
                  <bdi dir="ltr">{balance8(r.amount)}</bdi>
                </td>
                <td>{t(r.collected ? "airdrop:rounds.claimed" : "airdrop:rounds.unclaimed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
