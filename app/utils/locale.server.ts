import { DEFAULT_LANGUAGE, normalizeLanguage, type LanguageCode } from "../../contract/languages.ts";
import { langCookie } from "./cookies.server.ts";
import { dateTimeFormat } from "./intl.ts";

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
  return (
    languageFromUrl(request) ?? fromCookie ?? fromAcceptLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE
  );
}

/** The visitor's time zone, as their browser reported it (entry.client.tsx), if it is a real one. */
export function timeZoneOf(request: Request): string | undefined {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((c) => c.startsWith("vv_tz="))
    ?.slice("vv_tz=".length);
  if (!raw) return undefined;
  try {
    const zone = decodeURIComponent(raw);
    dateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}
