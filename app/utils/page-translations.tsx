import { createContext, useContext } from "react";
import type { Bundles } from "./translate.ts";

/**
 * The translations a page needs travel in its HTML as one JSON script (decision 033), not in the
 * root's loader data: single fetch would encode them with every key a value of its own, then
 * escape them again inside a script string, which made each page larger and slower to render.
 */
const ELEMENT_ID = "vv-translations";

/** On the server, the page's translations as JSON (entry.server.tsx makes it); unset in the browser. */
export const PageTranslationsContext = createContext<string | undefined>(undefined);

let received: { json: string; bundles: Bundles } | undefined;

/** The JSON the document arrived with, read once from the page (so hydration renders the same script). */
function receivedJson(): string | undefined {
  if (typeof document === "undefined") return undefined;
  received ??= (() => {
    const json = document.getElementById(ELEMENT_ID)?.textContent ?? "{}";
    return { json, bundles: JSON.parse(json) as Bundles };
  })();
  return received.json;
}

/** The translations the document arrived with, in the browser. */
export function receivedBundles(): Bundles {
  receivedJson();
  return received?.bundles ?? {};
}

/** The script that carries them: rendered on the server, kept as it is when the page hydrates. */
export function PageTranslations() {
  const json = useContext(PageTranslationsContext) ?? receivedJson();
  if (json === undefined) return null;
  return <script type="application/json" id={ELEMENT_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
