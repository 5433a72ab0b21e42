import type { Namespace } from "./i18n.ts";
import { fixedT } from "./translations.server.ts";
import { detectLocale } from "../../lib/visitor-language.ts";

/** The translated document title of a signed-in page (a key of `common`, or of `ns`). */
export async function pageTitle(request: Request, key: string, ns: "common" | Namespace = "common"): Promise<string> {
  const t = fixedT(await detectLocale(request), ns);
  return `${t(key)} · VV`;
}

/**
 * The data of a tab that needs only its title (the user comes from the layout). Routes call
 * it inside their loader function: a loader built by calling a server helper at module scope
 * would run, and crash, in the browser bundle.
 */
export async function titleData(request: Request, key: string) {
  return { title: await pageTitle(request, key) };
}
