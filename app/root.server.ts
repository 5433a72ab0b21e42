import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { languageDir } from "../contract/languages.ts";
import { appFromUrl } from "./utils/app-client.server.ts";
import { appCookie, langCookie } from "./utils/cookies.server.ts";
import { FEATURE_NAMESPACES, ROOT_NAMESPACES, type Namespace } from "./utils/i18n.ts";
import { detectLocale, languageFromUrl } from "./utils/locale.server.ts";
import { takeToast } from "./utils/toast.server.ts";
import type { Toast } from "./utils/toast.ts";
import { resourcesFor } from "./utils/translations.server.ts";

// Without server.ts's route table (another server), every namespace a browser may need.
const ALL_CLIENT_NAMESPACES: Namespace[] = [...ROOT_NAMESPACES, ...FEATURE_NAMESPACES.filter((ns) => ns !== "legal")];

/** A flash toast may come from another page (registered, logged out): its namespace travels too. */
function withToastNamespace(namespaces: Namespace[], toast: Toast | null): Namespace[] {
  const ns = toast?.key?.split(":")[0] as Namespace | undefined;
  return ns && (FEATURE_NAMESPACES as readonly string[]).includes(ns) && !namespaces.includes(ns) ? [...namespaces, ns] : namespaces;
}

/**
 * The language, its direction, the translations of the page's routes (they travel in the
 * HTML: no extra request) and the flash toast.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await detectLocale(request);
  const { toast, headers } = await takeToast(request);
  const namespaces = withToastNamespace(context.namespacesFor?.(new URL(request.url).pathname) ?? ALL_CLIENT_NAMESPACES, toast);
  // A language picked in the URL sticks for the next pages.
  const chosen = languageFromUrl(request);
  if (chosen && (await langCookie.parse(request.headers.get("Cookie"))) !== chosen) {
    headers.append("Set-Cookie", await langCookie.serialize(chosen));
  }
  const app = appFromUrl(request);
  if (app) headers.append("Set-Cookie", await appCookie().serialize(app));
  return data({ locale, dir: languageDir(locale), resources: resourcesFor(locale, namespaces), toast }, { headers });
}
