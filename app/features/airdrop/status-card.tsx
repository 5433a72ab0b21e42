import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Chip, type ChipTone } from "#app/components/chip.tsx";
import { Icon } from "#app/components/icons.tsx";
import { RoundRing } from "#app/components/round-ring.tsx";
import { Stat } from "#app/components/stat.tsx";
import { isolate, isolateNumbers, shortAmount } from "#app/utils/format.ts";
import { ExactBalances } from "#app/components/balance-card.tsx";
import { airdropState, countsDown, type AirdropState } from "./airdrop-state.ts";
import { ROUND_CALENDAR_PATH } from "./round-calendar.ts";
import type { Info } from "./types.ts";

const TONES: Record<AirdropState, ChipTone> = {
  not_open: "neutral",
  wait: "brand",
  minting: "success",
  claimable: "brand",
  pausing: "warn",
  suspend: "danger",
};

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
      <ExactBalances vv={info.vv} btc={info.btc} />
    </details>
  );
}

/** The sentence under the chip: what this state means, with the time it changes at. */
function stateLine(t: ReturnType<typeof useTranslation>["t"], state: AirdropState, info: Info, endsAt: string): string {
  const time = isolate(endsAt);
  switch (state) {
    case "not_open":
      return t("airdrop:status.notOpen");
    case "wait":
      return t("airdrop:status.waitLine", { time });
    case "minting":
      return isolateNumbers(t("airdrop:status.mintingLine", { time, amount: shortAmount(info.next_round_token) }));
    case "claimable":
      return t("airdrop:status.claimableLine", { time });
    case "pausing":
      return t("airdrop:status.pausingLine", { time });
    case "suspend":
      return t("airdrop:status.suspended", { rounds: info.un_collect_round });
  }
}

/**
 * The airdrop hero: the balance, the state as one chip and one sentence, the round the user is
 * in as a ring with its countdown, and the one action that matters now: start, claim, or put
 * the round's end in the calendar.
 */
export function StatusCard({ info, endsAt }: { info: Info; endsAt: string }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent");
  const state = airdropState(info);
  const claims = state === "claimable" || state === "pausing" || state === "suspend";
  return (
    <section className="card status hero" aria-labelledby="status-title">
      <div className="status__head">
        <h2 id="status-title">{t("airdrop:status.heading")}</h2>
        <Chip tone={TONES[state]}>{t(`airdrop:state.${state}`)}</Chip>
      </div>
      <Wallet info={info} />
      <p className={state === "pausing" || state === "suspend" ? "notice notice--warn" : "hero__line"}>
        {stateLine(t, state, info, endsAt)}
      </p>
      {countsDown(state) ? (
        <RoundRing
          deadline={info.next_round_timestamp}
          serverNow={info.server_time}
          total={info.round_seconds}
          label={t(state === "wait" ? "airdrop:status.startsLabel" : "airdrop:status.countdownLabel")}
        />
      ) : null}
      {state === "wait" || state === "minting" ? (
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
      {state === "not_open" || claims ? (
        <Form method="post" preventScrollReset className="actions">
          {state === "not_open" ? (
            <button type="submit" name="intent" value="start" className="button button--block" disabled={busy === "start"}>
              {t("airdrop:status.start")}
            </button>
          ) : (
            <button type="submit" name="intent" value="claim" className="button button--block" disabled={busy === "claim"}>
              <Icon name="claim" small />
              {isolateNumbers(t("airdrop:status.claim", { amount: shortAmount(info.un_collect_amount) }))}
            </button>
          )}
        </Form>
      ) : null}
      {state !== "not_open" ? (
        <dl className="hero__unclaimed">
          <Stat label={t("airdrop:status.unclaimed")} value={shortAmount(info.un_collect_amount)} unit="VV" />
          <Stat label={t("airdrop:status.unclaimedRounds")} value={info.un_collect_round} />
        </dl>
      ) : null}
    </section>
  );
}
