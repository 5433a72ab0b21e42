import { redirectDocument } from "@remix-run/node";
import { ErrorCode } from "#contract/errors.ts";
import { normalizeLanguage } from "#contract/languages.ts";
import { NOTIFICATION_KINDS } from "#contract/notification-kinds.ts";
import { routes } from "#contract/routes.ts";
import { langCookie } from "#lib/visitor-language.ts";
import { dispatchIntent, field, intent, Refusal, refusalToast, type ActionAnswer } from "#app/utils/intent-action.server.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { callSignedIn, errorToast, orUnavailable, requireSignedIn } from "#app/utils/request.server.ts";
import { safeRedirect } from "#app/utils/safe-redirect.ts";
import { signedOutCookies, withCookies } from "#app/utils/session.server.ts";
import { redirectWithToast, setToast } from "#app/utils/toast.server.ts";
import { PICTURE_ERROR_CODES } from "#app/utils/picture-preview.ts";
import { chosenFile, pictureLimits, readUploadForm, uploadPicture } from "#app/utils/upload.server.ts";
import type { Toast } from "#app/utils/toast.ts";

/** `?confirm=logout|delete`: the sheet the page shows (a link opens it, so it works without JavaScript). */
function confirmOf(url: URL): "logout" | "delete" | null {
  const value = url.searchParams.get("confirm");
  return value === "logout" || value === "delete" ? value : null;
}

/**
 * /settings: the user comes from the layout; here the statuses to choose from, which sheet is
 * open, the VAPID key a browser subscribes to notifications with, and the notification settings.
 */
export async function loadSettings(request: Request) {
  const ctx = await requireSignedIn(request);
  const [statuses, title, push, notificationSettings] = await orUnavailable(
    Promise.all([
      callSignedIn(request, ctx, routes.profile.statusConfig),
      pageTitle(request, "settings.title", "profile"),
      callSignedIn(request, ctx, routes.push.key),
      callSignedIn(request, ctx, routes.push.settings),
    ]),
  );
  return {
    title,
    statuses: statuses.list,
    confirm: confirmOf(new URL(request.url)),
    pushKey: push.public_key,
    notificationSettings,
    picture: pictureLimits(ctx.locale),
  };
}

/**
 * The VAPID key alone, as JSON, for the airdrop's notifications offer: its script asks once,
 * where a fetcher of the settings page's data would be fetched again with every airdrop refresh.
 */
export async function loadPushKey(request: Request): Promise<Response> {
  const ctx = await requireSignedIn(request);
  const { public_key } = await callSignedIn(request, ctx, routes.push.key);
  return Response.json({ public_key }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The refusals /settings shows next to their field (the picture, the nickname, the quiet hours), never as a toast too. */
const FIELD_REFUSALS = [...PICTURE_ERROR_CODES, ErrorCode.nicknameSensitive, ErrorCode.nicknameInvalid, ErrorCode.quietHoursInvalid];

const INTENTS = {
  avatar: intent({
    call: async ({ api, form }) => {
      const file = chosenFile(form);
      if (!file) throw new Refusal({ kind: "error", key: "profile:avatar.missing", inPage: true });
      return uploadPicture(api, file, "avatar");
    },
    success: () => ({ kind: "success", key: "profile:avatar.sent" }),
  }),
  nickname: intent({
    call: async ({ api, form }) => {
      await api(routes.profile.updatePut, { body: { name: field(form, "name") } });
      return safeRedirect(field(form, "redirectTo"), "/settings");
    },
    success: () => ({ kind: "success", key: "profile:nickname.saved" }),
    next: (to) => to,
  }),
  status: intent({
    call: ({ api, form }) => {
      const id = field(form, "status");
      return api(routes.profile.setStatus, { body: { id: id ? Number(id) : null } });
    },
    success: () => ({ kind: "success", key: "profile:status.saved" }),
  }),
  // This browser's subscription, from the page's script (notifications.tsx).
  pushOn: intent({
    call: ({ api, form }) =>
      api(routes.push.subscribe, {
        body: {
          endpoint: field(form, "endpoint"),
          keys: { p256dh: field(form, "p256dh"), auth: field(form, "auth") },
          label: field(form, "label").slice(0, 200) || undefined,
          time_zone: field(form, "time_zone") || undefined,
        },
      }),
    success: () => ({ kind: "success", key: "profile:notifications.turnedOn" }),
  }),
  // The notification settings' one form: a box left unticked is a kind turned off.
  notifications: intent({
    call: ({ api, form }) => {
      const on = new Set(form.getAll("kinds"));
      const quiet = form.has("quiet_hours");
      return api(routes.push.saveSettings, {
        body: {
          kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, on.has(kind)])),
          quiet_hours: quiet,
          // With quiet hours off, times left empty are no mistake: the stored ones stay.
          quiet_start: quiet ? field(form, "quiet_start") : field(form, "quiet_start") || undefined,
          quiet_end: quiet ? field(form, "quiet_end") : field(form, "quiet_end") || undefined,
          round_email: form.has("round_email"),
        },
      });
    },
    success: () => ({ kind: "success", key: "common:saved" }),
  }),
  pushOff: intent({
    call: ({ api, form }) => api(routes.push.unsubscribe, { body: { endpoint: field(form, "endpoint") } }),
    success: () => ({ kind: "success", key: "profile:notifications.turnedOff" }),
  }),
};

/**
 * Saves the display language on the account, so every device follows it. The page then loads
 * anew as a whole document: every string, the direction and the translations change.
 */
async function saveLanguage(request: Request, form: FormData): Promise<Response> {
  const ctx = await requireSignedIn(request);
  const uiLang = normalizeLanguage(field(form, "ui_lang"));
  const headers = new Headers();
  let toast: Toast;
  if (!uiLang) {
    toast = { kind: "error", code: ErrorCode.badRequest };
  } else {
    try {
      await callSignedIn(request, ctx, routes.profile.updatePut, { body: { ui_lang: uiLang } });
      headers.append("Set-Cookie", await langCookie.serialize(uiLang));
      toast = { kind: "success", key: "common:saved" };
    } catch (error) {
      toast = errorToast(error);
    }
  }
  headers.append("Set-Cookie", await setToast(toast));
  return redirectDocument("/settings", { headers });
}

/** Deletes the account once DELETE is typed; the browser is signed out and sent to registration. */
async function deleteAccount(request: Request, form: FormData): Promise<ActionAnswer> {
  const ctx = await requireSignedIn(request);
  const confirm = field(form, "confirm");
  try {
    await callSignedIn(request, ctx, routes.profile.deleteAccount, { body: { confirm } });
  } catch (error) {
    return { toast: refusalToast(error, [ErrorCode.deleteSpelledWrong]), fields: { confirm } };
  }
  const headers = withCookies(await signedOutCookies(ctx.session));
  return redirectWithToast("/register", { kind: "success", key: "profile:delete.done" }, { headers });
}

export async function settingsAction(request: Request): Promise<ActionAnswer> {
  await requireSignedIn(request);
  const form = await readUploadForm(request);
  if (!(form instanceof FormData)) return form;
  const chosen = field(form, "intent");
  if (chosen === "language") return saveLanguage(request, form);
  if (chosen === "delete") return deleteAccount(request, form);
  return dispatchIntent(request, INTENTS, { page: "/settings", keep: ["name"], form, inField: FIELD_REFUSALS });
}
