import type { LinksFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { TranslatorProvider, useTranslation } from "#app/utils/translation.tsx";
import { translator, type Bundles, type Translator } from "#app/utils/translate.ts";
import { DEFAULT_LANGUAGE, languageDir, normalizeLanguage, type LanguageCode } from "#contract/languages.ts";
import type { loader } from "./root.server.ts";
import { AppFrame } from "./components/app-frame.tsx";
import { manifestHref, THEME_COLOR, THEME_COLOR_DARK } from "./features/install/install.ts";
import { IconSprite } from "./components/icons.tsx";
import { LoadingSpinner } from "./components/loading-spinner.tsx";
import { OfflineNotice } from "./components/offline-notice.tsx";
import { ErrorTitle, PageError } from "./components/page-error.tsx";
import { Toaster, useActionToast } from "./components/toaster.tsx";
import stylesHref from "./styles/app.css?url";
import { ROOT_NAMESPACES, type RouteHandle } from "./utils/i18n.ts";
import { useNonce } from "./utils/nonce.tsx";
import { PageTranslations, receivedBundles } from "./utils/page-translations.tsx";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
];

export const handle: RouteHandle = { i18n: ROOT_NAMESPACES };

// The loader sits in its own module: the browser build then imports one server stub here, not six.
export { loader } from "./root.server.ts";

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

export type RootData = ReturnType<typeof useRouteLoaderData<typeof loader>>;

// In the browser, the root's last data. A refetch that failed (the connection lost on the way
// to the next page) leaves the root without data, and the error must still be shown in the
// page's language and direction, with its words.
let lastRootData: RootData;

function useRootData(): RootData {
  const data = useRouteLoaderData<typeof loader>("root");
  if (typeof document === "undefined") return data;
  if (data) lastRootData = data;
  return lastRootData;
}

/** Pages marked `handle.hydrate = false` (legal texts) ship no JavaScript at all. */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
}

// In the browser, the namespaces of the pages seen so far, per language: the root's data
// carries only the page's own, and is not fetched again for a same-page post.
const seen = new Map<string, Bundles>();

/**
 * The page's translator. The server renders with the one entry.server.tsx made over the page's
 * namespaces; the browser with the translations the document arrived with, then those the
 * root's data brings for each next page. A document whose root loader failed has no root data:
 * its language is the one the server wrote on <html>, its words (common and errors) are in it.
 */
function usePageTranslator(data: RootData): Translator {
  const fallback = useTranslation().i18n;
  return useMemo(() => {
    if (typeof document === "undefined") return fallback;
    const locale = data?.locale ?? normalizeLanguage(document.documentElement.lang) ?? DEFAULT_LANGUAGE;
    const page = data?.resources?.[locale] ?? receivedBundles();
    const bundles = { ...seen.get(locale), ...page };
    seen.set(locale, bundles);
    return translator(locale, bundles);
  }, [data, fallback]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const hydrate = useHydrate();
  const actionToast = useActionToast();
  const pageTranslator = usePageTranslator(data);
  const locale: LanguageCode = data?.locale ?? pageTranslator.language;
  return (
    <TranslatorProvider value={pageTranslator}>
      <html lang={locale} dir={data?.dir ?? languageDir(locale)}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
          <meta name="theme-color" content={THEME_COLOR} media="(prefers-color-scheme: light)" />
          <meta name="theme-color" content={THEME_COLOR_DARK} media="(prefers-color-scheme: dark)" />
          <Meta />
          <ErrorTitle />
          <Links />
          <link rel="manifest" href={manifestHref(locale)} />
          <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        </head>
        <body>
          <IconSprite />
          {children}
          <Toaster toast={actionToast ?? data?.toast ?? null} />
          {hydrate ? (
            <>
              <PageTranslations />
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

/**
 * The root's own loader failed, or a page outside the signed-in layout. A lost connection fails
 * the root's refetch as well as the page's, and the root's error is the one shown: on a signed-in
 * page the error still sits between the tabs, as the layout's own boundary would show it.
 */
export function ErrorBoundary() {
  const signedIn = useMatches().some((m) => m.id === "routes/_app");
  return signedIn ? (
    <AppFrame>
      <PageError inFrame />
    </AppFrame>
  ) : (
    <PageError />
  );
}
