import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Chip, type ChipTone } from "#app/components/chip.tsx";
import { Icon } from "#app/components/icons.tsx";
import { RoundRing } from "#app/components/round-ring.tsx";
import { Stat } from "#app/components/stat.tsx";
import { balance8, isolateNumbers, shortAmount } from "#app/utils/format.ts";
import { hasRoundEnd, ROUND_CALENDAR_PATH } from "./round-calendar.ts";
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

/** The VV balance, short; a tap shows every balance to the last of its 8 decimals. */
function Wallet({ info }: { info: Info }) {
  const { t } = useTranslation();
  return (
    <details className="hero__wallet">
      <summary>
        <span className="stat__label">{t("common:balance.vv")}</span>
        <span className="hero__amount">
          <bdi dir="ltr" className="num">
            {shortAmount(info.vv)}
          </bdi>{" "}
          <span className="stat__unit">VV</span>
        </span>
      </summary>
      <dl className="balances">
        <Stat label="VV" value={balance8(info.vv)} />
        <Stat label="BTC" value={balance8(info.btc)} />
      </dl>
    </details>
  );
}

/**
 * The airdrop hero: the balance, the round in progress as a ring with its countdown, and the
 * one action that matters now (start, or claim what has been distributed).
 */
export function StatusCard({ info }: { info: Info }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent");
  const state = stateOf(info);
  const atRisk = info.mint_status === "minting" && info.un_collect_round >= info.suspend_threshold;
  const caption =
    state === "wait"
      ? t("airdrop:status.wait", { round: info.next_round_number + 1 })
      : state === "minting" || state === "claimed"
        ? t("airdrop:status.minting", { round: info.next_round_number })
        : undefined;
  return (
    <section className="card status hero" aria-labelledby="status-title">
      <div className="status__head">
        <h2 id="status-title">{t("airdrop:status.heading")}</h2>
        <Chip tone={TONES[state]}>{t(`airdrop:state.${state}`)}</Chip>
      </div>
      <Wallet info={info} />

      {caption ? <p className="hero__line">{caption}</p> : null}
      <RoundRing
        deadline={info.next_round_timestamp}
        serverNow={info.server_time}
        total={info.round_seconds}
        label={t("airdrop:status.countdownLabel")}
        caption={`#${info.next_round_number}`}
      />
      {state === "not_open" ? <p className="hero__meta">{t("airdrop:status.notOpen")}</p> : null}
      {state === "minting" || state === "claimed" ? (
        <p className="hero__meta">{isolateNumbers(t("airdrop:status.nextToken", { amount: shortAmount(info.next_round_token) }))}</p>
      ) : null}
      {hasRoundEnd(info) ? (
        // A plain link, working without JavaScript. No `download` attribute: the answer's
        // Content-Disposition already makes it a download, and the redirect that answers when
        // there is no longer a round (or the API failed) must open the page with its toast, not
        // be saved as a file.
        <a
          href={ROUND_CALENDAR_PATH}
          className="button button--secondary button--small hero__calendar"
          aria-label={t("airdrop:calendar.addLabel")}
        >
          <Icon name="calendar" small />
          {t("airdrop:calendar.add")}
        </a>
      ) : null}
      {state === "suspend" ? (
        <p className="notice notice--warn">{t("airdrop:status.suspended", { rounds: info.un_collect_round })}</p>
      ) : null}
      {atRisk ? <p className="notice notice--warn">{t("airdrop:status.atRisk")}</p> : null}

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
            {info.un_collect_round > 0
              ? isolateNumbers(t("airdrop:status.claim", { amount: shortAmount(info.un_collect_amount) }))
              : t("airdrop:status.nothingToClaim")}
          </button>
        )}
      </Form>
      {state !== "not_open" ? (
        <dl className="hero__unclaimed">
          <Stat label={t("airdrop:status.unclaimed")} value={shortAmount(info.un_collect_amount)} unit="VV" />
          <Stat label={t("airdrop:status.unclaimedRounds")} value={info.un_collect_round} />
        </dl>
      ) : null}
    </section>
  );
}
