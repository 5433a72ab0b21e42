import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Chip, type ChipTone } from "~/components/chip.tsx";
import { Countdown } from "~/components/countdown.tsx";
import { Icon } from "~/components/icons.tsx";
import { Stat } from "~/components/stat.tsx";
import { balance8 } from "~/utils/format.ts";
import type { Info } from "./types.ts";

type State = Info["mint_status"] | "claimed";

const TONES: Record<State, ChipTone> = {
  not_open: "neutral",
  wait: "brand",
  minting: "success",
  claimed: "success",
  suspend: "danger",
};

function stateOf(info: Info): State {
  return info.mint_status === "minting" && info.un_collect_round === 0 && info.last_collect_at ? "claimed" : info.mint_status;
}

/** Where the user's airdrop stands, what the round in progress brings, and the claim button. */
export function StatusCard({ info }: { info: Info }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent");
  const state = stateOf(info);
  const atRisk = info.mint_status === "minting" && info.un_collect_round >= info.suspend_threshold;
  return (
    <section className="card status" aria-labelledby="status-title">
      <div className="status__head">
        <h2 id="status-title">{t("airdrop:status.heading")}</h2>
        <Chip tone={TONES[state]}>{t(`airdrop:state.${state}`)}</Chip>
      </div>

      {state === "not_open" ? <p>{t("airdrop:status.notOpen")}</p> : null}
      {state === "wait" ? (
        <p className="status__line">
          {t("airdrop:status.wait", { round: info.next_round_number + 1 })} <Countdown deadline={info.next_round_timestamp} serverNow={info.server_time} label={t("airdrop:status.countdownLabel")} />
        </p>
      ) : null}
      {state === "minting" || state === "claimed" ? (
        <>
          <p className="status__line">
            {t("airdrop:status.minting", { round: info.next_round_number })} <Countdown deadline={info.next_round_timestamp} serverNow={info.server_time} label={t("airdrop:status.countdownLabel")} />
          </p>
          <p>{t("airdrop:status.nextToken", { amount: balance8(info.next_round_token) })}</p>
        </>
      ) : null}
      {state === "suspend" ? (
        <p className="notice notice--warn">{t("airdrop:status.suspended", { rounds: info.un_collect_round })}</p>
      ) : null}
      {atRisk ? <p className="notice notice--warn">{t("airdrop:status.atRisk")}</p> : null}

      {state !== "not_open" ? (
        <dl className="unclaimed">
          <Stat label={t("airdrop:status.unclaimed")} value={balance8(info.un_collect_amount)} unit="VV" />
          <Stat label={t("airdrop:status.unclaimedRounds")} value={info.un_collect_round} />
        </dl>
      ) : null}

      <Form method="post" preventScrollReset className="actions">
        {state === "not_open" ? (
          <button type="submit" name="intent" value="start" className="button button--block" disabled={busy === "start"}>
            {t("airdrop:status.start")}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="claim"
            className="button button--block"
            disabled={info.un_collect_round === 0 || busy === "claim"}
          >
            <Icon name="claim" small />
            {info.un_collect_round > 0 ? t("airdrop:status.claim", { amount: balance8(info.un_collect_amount) }) : t("airdrop:status.nothingToClaim")}
          </button>
        )}
      </Form>
    </section>
  );
}
