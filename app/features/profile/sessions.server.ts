import { ErrorCode } from "#contract/errors.ts";
import { routes } from "#contract/routes.ts";
import { dispatchIntent, field, intent, type ActionAnswer } from "#app/utils/intent-action.server.ts";
import { readerTimes } from "#app/utils/locale.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { passkeysHere } from "#app/features/passkeys/passkeys-here.server.ts";
import { PASSKEY_INTENTS } from "#app/features/passkeys/intents.server.ts";

const PAGE = "/settings/sessions";

/** /settings/sessions: the account's signed-in sessions, their times written in the reader's time zone. */
export async function loadSessions(request: Request) {
  const ctx = await requireSignedIn(request);
  const passkeys = passkeysHere(request, ctx);
  const [{ sessions }, title, keys] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.sessions.list),
      pageTitle(request, "sessions.title", "profile"),
      passkeys ? callSignedIn(request, ctx, routes.passkeys.list) : undefined,
    ]),
  );
  const time = readerTimes(request, ctx.locale, { dateStyle: "medium", timeStyle: "short" });
  return {
    title,
    passkeys: keys?.passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      browser: p.browser,
      os: p.os,
      synced: p.backed_up,
      created: time(p.created_at),
      lastUsed: p.last_used_at === null ? null : time(p.last_used_at),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      browser: s.browser,
      os: s.os,
      current: s.current,
      signedIn: time(s.created_at),
      lastSeen: time(s.last_seen_at),
    })),
  };
}

const INTENTS = {
  ...PASSKEY_INTENTS,
  end: intent({
    call: ({ api, form }) => api(routes.sessions.end, { body: { id: Number(field(form, "id")) } }),
    success: () => ({ kind: "success", key: "profile:sessions.ended" }),
  }),
  endOthers: intent({
    call: ({ api }) => api(routes.sessions.endOthers),
    success: () => ({ kind: "success", key: "profile:sessions.endedOthers" }),
  }),
};

export const sessionsAction = (request: Request): Promise<ActionAnswer> =>
  dispatchIntent(request, INTENTS, { page: PAGE, inField: [ErrorCode.passkeyNameInvalid], keep: ["name", "id"] });
