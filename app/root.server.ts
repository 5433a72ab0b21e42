import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { languageDir } from "#contract/languages.ts";
import { appFromUrl } from "./utils/app-client.server.ts";
import { appCookie } from "./utils/cookies.server.ts";
import { FEATURE_NAMESPACES, ROOT_NAMESPACES, type Namespace } from "./utils/i18n.ts";
import { detectLocale, langCookie, languageFromUrl } from "#lib/visitor-language.ts";
import { isDataRequest, takeToast } from "./utils/toast.server.ts";
import type { Toast } from "./utils/toast.ts";
import { resourcesFor } from "./utils/translations.server.ts";

// Without server.ts's route table (another server), every namespace a browser may need.
const ALL_CLIENT_NAMESPACES: Namespace[] = [...ROOT_NAMESPACES, ...FEATURE_NAMESPACES.filter((ns) => ns !== "legal")];

const KNOWN_NAMESPACES = new Set<string>([...ROOT_NAMESPACES, ...FEATURE_NAMESPACES]);

/** The route table's names, as the namespaces this app has (server.ts reads them without knowing them). */
function ownNamespaces(names: readonly string[]): Namespace[] {
  return names.filter((name): name is Namespace => KNOWN_NAMESPACES.has(name));
}

/** A flash toast may come from another page (registered, logged out): its namespace travels too. */
function withToastNamespace(namespaces: Namespace[], toast: Toast | null): Namespace[] {
  const ns = toast?.key?.split(":")[0] as Namespace | undefined;
  return ns && (FEATURE_NAMESPACES as readonly string[]).includes(ns) && !namespaces.includes(ns) ? [...namespaces, ns] : namespaces;
}

/**
 * The language, its direction, the translation namespaces of the page's routes and the flash
 * toast. A document carries the translations themselves in a script of their own (made by
 * entry.server.tsx from `namespaces`); a data request, for the next page, gets them here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await detectLocale(request);
  const { toast, headers } = await takeToast(request);
  const namespaces = withToastNamespace(
    context.namespacesFor ? ownNamespaces(context.namespacesFor(new URL(request.url).pathname)) : ALL_CLIENT_NAMESPACES,
    toast,
  );
  // A language picked in the URL sticks for the next pages.
  const chosen = languageFromUrl(request);
  if (chosen && (await langCookie.parse(request.headers.get("Cookie"))) !== chosen) {
    headers.append("Set-Cookie", await langCookie.serialize(chosen));
  }
  const app = appFromUrl(request);
  if (app) headers.append("Set-Cookie", await appCookie().serialize(app));
  const resources = isDataRequest(request) ? resourcesFor(locale, namespaces) : null;
  return data({ locale, dir: languageDir(locale), namespaces, resources, toast }, { headers });
}
