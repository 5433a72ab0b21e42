import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
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
import { useTranslation } from "react-i18next";
import { languageDir, type LanguageCode } from "../contract/languages.ts";
import { LoadingSpinner } from "./components/loading-spinner.tsx";
import { OfflineNotice } from "./components/offline-notice.tsx";
import { Toaster } from "./components/toaster.tsx";
import stylesHref from "./styles/app.css";
import { appCookie, appFromUrl } from "./utils/app-client.server.ts";
import { clientResources } from "./utils/i18next.server.ts";
import { detectLocale, langCookie, languageFromUrl } from "./utils/locale.server.ts";
import { useNonce } from "./utils/nonce.tsx";
import { takeToast } from "./utils/toast.server.ts";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await detectLocale(request);
  const { toast, headers } = await takeToast(request);
  // A language picked in the URL sticks for the next pages.
  const chosen = languageFromUrl(request);
  if (chosen && (await langCookie.parse(request.headers.get("Cookie"))) !== chosen) {
    headers.append("Set-Cookie", await langCookie.serialize(chosen));
  }
  const app = appFromUrl(request);
  if (app) headers.append("Set-Cookie", await appCookie.serialize(app));
  return json({ locale, dir: languageDir(locale), resources: clientResources(locale), toast }, { headers });
}

export type RootData = ReturnType<typeof useRootData>;

function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Pages marked `handle.hydrate = false` (legal texts) ship no JavaScript at all. */
function useHydrate(): boolean {
  return !useMatches().some((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

/** Keeps the browser's i18next in the language the server chose (login may switch it). */
function useSyncLanguage(data: RootData) {
  const { i18n } = useTranslation();
  if (data && i18n.language !== data.locale) {
    for (const [ns, bundle] of Object.entries(data.resources[data.locale] ?? {})) {
      if (!i18n.hasResourceBundle(data.locale, ns)) i18n.addResourceBundle(data.locale, ns, bundle);
    }
    void i18n.changeLanguage(data.locale);
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const hydrate = useHydrate();
  useSyncLanguage(data);
  const locale: LanguageCode = data?.locale ?? "en";
  return (
    <html lang={locale} dir={data?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#241c5c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {data?.toast ? <Toaster toast={data.toast} /> : null}
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
