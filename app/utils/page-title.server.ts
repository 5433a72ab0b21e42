import type { Namespace } from "./i18n.ts";
import { fixedT } from "./translations.server.ts";
import { detectLocale } from "#lib/visitor-language.ts";

/** The translated document title of a signed-in page (a key of `common`, or of `ns`). */
export async function pageTitle(request: Request, key: string, ns: "common" | Namespace = "common"): Promise<string> {
  const t = fixedT(await detectLocale(request), ns);
  return `${t(key)} · VV`;
}
