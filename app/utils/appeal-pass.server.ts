import { redirectDocument } from "@remix-run/node";
import { bannedRefusalData } from "#contract/appeals.ts";
import { ErrorCode } from "#contract/errors.ts";
import { ApiError } from "./api.server.ts";
import { appealCookie } from "./cookies.server.ts";
import { signedOutCookies, withCookies, type BrowserSession } from "./session.server.ts";

/** The page where a banned account reads why and appeals (app/routes/appeal.tsx). */
export const APPEAL_PAGE = "/appeal";

/**
 * When `error` is a banned account's refusal after it proved itself (a sign-in, or a call with
 * its session), the way to the appeal page: signed out, with the pass in a cookie of its own.
 */
export async function toAppealPage(browser: BrowserSession, error: unknown): Promise<Response | undefined> {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.accountBanned) return undefined;
  const refusal = bannedRefusalData.safeParse(error.data);
  if (!refusal.success) return undefined;
  const maxAge = Math.max(0, refusal.data.pass_expires_at - Math.floor(Date.now() / 1000));
  const headers = withCookies(await signedOutCookies(browser));
  headers.append("Set-Cookie", await appealCookie().serialize(refusal.data.appeal_pass, { maxAge }));
  // A document load, even from a client-side navigation: the page is server-rendered only, and
  // its cookie's path (/appeal) would not go with the /appeal.data request a client one makes.
  return redirectDocument(APPEAL_PAGE, { headers });
}
