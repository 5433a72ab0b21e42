import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { json } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useMemo } from "react";
import { TranslatorProvider, useTranslation } from "~/utils/translation.tsx";
import { translator, type Bundles, type Translator } from "~/utils/translate.ts";
import { languageDir, type LanguageCode } from "../contract/languages.ts";
import { IconSprite } from "./components/icons.tsx";
import { LoadingSpinner } from "./components/loading-spinner.tsx";
import { OfflineNotice } from "./components/offline-notice.tsx";
import { Toaster, useActionToast } from "./components/toaster.tsx";
import stylesHref from "./styles/app.css";
import { appFromUrl } from "./utils/app-client.server.ts";
import { appCookie, langCookie } from "./utils/cookies.server.ts";
import { FEATURE_NAMESPACES, ROOT_NAMESPACES, type Namespace, type RouteHandle } from "./utils/i18n.ts";
import { resourcesFor } from "./utils/translations.server.ts";
import { detectLocale, languageFromUrl } from "./utils/locale.server.ts";
import { useNonce } from "./utils/nonce.tsx";
import { takeToast } from "./utils/toast.server.ts";
import type { Toast } from "./utils/toast.ts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const handle: RouteHandle = { i18n: ROOT_NAMESPACES };

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
  return json({ locale, dir: languageDir(locale), resources: resourcesFor(locale, namespaces), toast }, { headers });
}

const LANGUAGE_PARAMS = ["ui_lang", "lang"];

/**
 * The root's data (translations above all) is fetched again only when the page changes or the
 * language is picked in the URL. A form post on the same page answers with its toast as action
 * data, and a countdown's refresh needs only the page's own data. A redirect to another page
 * changes the path, so its flash toast is read; a new display language reloads the document.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, actionResult }) =>
  currentUrl.pathname !== nextUrl.pathname ||
  LANGUAGE_PARAMS.some((p) => currentUrl.searchParams.get(p) !== nextUrl.searchParams.get(p)) ||
  // A post that answered with a redirect (no action data) left its toast in the flash cookie.
  (formMethod !== undefined && formMethod !== "GET" && actionResult === undefined);

export type RootData = ReturnType<typeof useRootData>;

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Pages marked `handle.hydrate = false` (legal texts) ship no JavaScript at all. */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
}

// In the browser, the namespaces of the pages seen so far, per language: the root's data
// carries only the page's own, and is not fetched again for a same-page post.
const seen = new Map<string, Bundles>();

/**
 * The page's translator, from the translations the root sent with it. The server render falls
 * back on the language's full translator when the root has no data (its own error).
 */
function usePageTranslator(data: RootData): Translator {
  const fallback = useTranslation().i18n;
  return useMemo(() => {
    if (!data) return fallback;
    const page = data.resources[data.locale] ?? {};
    if (typeof document === "undefined") return translator(data.locale, page);
    const bundles = { ...seen.get(data.locale), ...page };
    seen.set(data.locale, bundles);
    return translator(data.locale, bundles);
  }, [data, fallback]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const hydrate = useHydrate();
  const actionToast = useActionToast();
  const pageTranslator = usePageTranslator(data);
  const locale: LanguageCode = data?.locale ?? "en";
  return (
    <TranslatorProvider value={pageTranslator}>
      <html lang={locale} dir={data?.dir ?? "ltr"}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
          <meta name="theme-color" content="#241c5c" />
          <Meta />
          <Links />
        </head>
        <body>
          <IconSprite />
          {children}
          <Toaster toast={actionToast ?? data?.toast ?? null} />
          {hydrate ? (
            <>
              <LoadingSpinner />
              <OfflineNotice />
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          ) : null}
        </body>
      </html>
    </TranslatorProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const code = isRouteErrorResponse(error) ? (error.data as { code?: number } | null)?.code : undefined;
  const reason = code !== undefined && i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : t("common:error.body");
  return (
    <main className="page page--center">
      <h1>{t(notFound ? "common:error.notFoundTitle" : "common:error.title")}</h1>
      <p>{reason}</p>
      <div className="actions actions--center">
        <a className="button" href="">
          {t("common:error.retry")}
        </a>
        <a className="button button--secondary" href="/airdrop">
          {t("common:error.home")}
        </a>
      </div>
    </main>
  );
}
