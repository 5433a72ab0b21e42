/**
 * Paths of the web app that the API writes into its answers (picture URLs, invite links, the
 * campaign's share image): the API builds them and the web app's routes serve them, so both
 * spell them here. Zod-free: the browser may import it.
 */

const MEDIA = "/media/";

/** Where the web app serves an uploaded picture (app/routes/media.$name.tsx). */
export function mediaPath(name: string): string {
  return `${MEDIA}${name}`;
}

/** The stored file behind a media path, or null for anything else (an empty avatar, an outside URL). */
export function mediaName(path: string): string | null {
  return path.startsWith(MEDIA) ? path.slice(MEDIA.length) : null;
}

/** The query parameter of the register page that carries an invite code. */
export const INVITE_PARAM = "invite";

/** The register page with an invite code filled in (app/routes/register.tsx). */
export function invitePath(code: string): string {
  return `/register?${INVITE_PARAM}=${encodeURIComponent(code)}`;
}

/** An approved applicant's share image (app/routes/campaign.share.$file.tsx): stable for as long as the invite code. */
export function campaignSharePath(inviteCode: string): string {
  return `/campaign/share/${inviteCode}.png`;
}

/**
 * The page a round e-mail's unsubscribe link opens, and the address its one-click POST goes to
 * (app/routes/unsubscribe.tsx), in the reader's language.
 */
export function unsubscribePath(token: string, language: string): string {
  return `/unsubscribe?token=${encodeURIComponent(token)}&ui_lang=${encodeURIComponent(language)}`;
}

/** The page a new-device e-mail's "Not you?" link opens (app/routes/sessions.end.tsx): it asks before it signs that session out. */
export function sessionEndPath(token: string, language: string): string {
  return `/sessions/end?token=${encodeURIComponent(token)}&ui_lang=${encodeURIComponent(language)}`;
}

/** An exchange's own page (app/routes/_app.swap.$exchangeId.tsx), as it forms and once it is done. */
export function exchangePath(exchangeId: number): string {
  return `/swap/${exchangeId}`;
}

/** The Tools tab's gift boxes (app/routes/_app.force.tsx, its section #gift). */
export const GIFTS_PATH = "/force#gift";

/** The sign-in page in the reader's language: where a lifted ban's e-mail sends them. */
export function loginPath(language: string): string {
  return `/login?ui_lang=${encodeURIComponent(language)}`;
}
