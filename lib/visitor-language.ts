import { createCookie } from "@remix-run/node";
import { DEFAULT_LANGUAGE, normalizeLanguage, type LanguageCode } from "#contract/languages.ts";

/**
 * The visitor's language, read the same way by the web app's pages and by the guards in front
 * of them (whose refusals are pages too).
 */

/** The UI language the visitor chose (`?ui_lang=`, the profile, login). Not secret, not signed. */
export const langCookie = createCookie("vv_lang", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

/** A language chosen in the URL (`?ui_lang=`, then `?lang=`), if any. */
export function languageFromUrl(request: Request): LanguageCode | undefined {
  const params = new URL(request.url).searchParams;
  return normalizeLanguage(params.get("ui_lang")) ?? normalizeLanguage(params.get("lang"));
}

function fromAcceptLanguage(header: string | null): LanguageCode | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(",")
    .map((part) => {
      const [tag, ...rest] = part.trim().split(";");
      const q = rest.find((r) => r.trim().startsWith("q="));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const w of wanted) {
    const code = normalizeLanguage(w.tag);
    if (code) return code;
  }
  return undefined;
}

/**
 * The UI language: the URL, then the cookie (which login sets to the user's ui_lang),
 * then Accept-Language, then English.
 */
export async function detectLocale(request: Request): Promise<LanguageCode> {
  const fromCookie = normalizeLanguage((await langCookie.parse(request.headers.get("Cookie"))) as string | null);
  return languageFromUrl(request) ?? fromCookie ?? fromAcceptLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}
