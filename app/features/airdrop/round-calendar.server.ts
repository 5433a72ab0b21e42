import type { AirdropInfo } from "#contract/airdrop.ts";
import { routes } from "#contract/routes.ts";
import { keyedHash } from "#lib/crypto.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { minutesText } from "#app/utils/format.ts";
import { calendarFile } from "#app/utils/icalendar.ts";
import { callSignedIn, errorToast, requireSignedIn } from "#app/utils/request.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { ApiError } from "#app/utils/api.server.ts";
import { hasRoundEnd } from "./round-calendar.ts";

const EVENT_MINUTES = 15;
const ALARM_MINUTES = 10;
const PAGE = "/airdrop";

/**
 * /airdrop/round.ics: the end of the round in progress as a calendar event with an alarm, in
 * the user's language, so they come back to claim (or, still waiting, when their airdrop
 * begins). Before the airdrop is started, or while it is paused, there is no round to wait for:
 * back to the page with a word why. A failed call goes back there too, with its toast: a file
 * has no page to show the reason on.
 */
export async function roundCalendar(request: Request): Promise<Response> {
  const ctx = await requireSignedIn(request);
  let info: AirdropInfo;
  try {
    info = await callSignedIn(request, ctx, routes.airdrop.info);
  } catch (error) {
    if (error instanceof ApiError) return redirectWithToast(PAGE, errorToast(error));
    throw error;
  }
  if (!hasRoundEnd(info)) return redirectWithToast(PAGE, { kind: "info", key: "airdrop:calendar.noRound" });

  const { t } = translatorFor(ctx.locale);
  const env = getEnv();
  const round = info.next_round_number;
  const url = `${env.PUBLIC_URL.replace(/\/+$/, "")}${PAGE}`;
  const waiting = info.mint_status === "wait";
  // Keyed with the session secret: the user's id cannot be read back from the UID.
  const user = keyedHash(env.SESSION_SECRET[0], `round-calendar:${info.user_id}`).slice(0, 22);
  const body = calendarFile({
    uid: `round-${round}-${user}@${new URL(url).hostname}`,
    stamp: new Date(info.server_time * 1000),
    start: new Date(info.next_round_timestamp * 1000),
    minutes: EVENT_MINUTES,
    language: ctx.locale,
    summary: waiting ? t("airdrop:calendar.summaryWait", { round: round + 1 }) : t("airdrop:calendar.summary", { round }),
    description: `${waiting ? t("airdrop:calendar.descriptionWait", { round: round + 1 }) : t("airdrop:calendar.description", { round })}\n${url}`,
    url,
    alarm: {
      minutesBefore: ALARM_MINUTES,
      description: t("airdrop:calendar.alarm", { round, wait: minutesText(ctx.locale, ALARM_MINUTES * 60) }),
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="vv-round-${round}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
