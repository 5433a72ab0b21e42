import { Link, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { isolate } from "#app/utils/format.ts";
import type { Translator } from "#app/utils/translate.ts";
import { useTranslation } from "#app/utils/translation.tsx";

type Trouble = "offline" | "server" | "notFound" | "other";

// What Chromium, Firefox and Safari say when a request got no answer at all.
const NO_ANSWER = /failed to fetch|networkerror|load failed/i;

function troubleOf(error: unknown): Trouble {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return "notFound";
    return error.status >= 500 ? "server" : "other";
  }
  // Only the browser meets these: the next page's data request never reached the server.
  const browser = typeof document !== "undefined";
  if (browser && (!navigator.onLine || (error instanceof TypeError && NO_ANSWER.test(error.message)))) return "offline";
  return "other";
}

/** What went wrong, in the reader's words: a title and a sentence, and our error code if the server gave one. */
function explain(error: unknown, { t, exists }: Translator) {
  const trouble = troubleOf(error);
  const code = isRouteErrorResponse(error) ? (error.data as { code?: number } | null)?.code : undefined;
  const known = code !== undefined && exists(`errors:${code}`);
  const text = {
    offline: { title: t("common:error.offlineTitle"), body: t("common:error.offlineBody") },
    server: { title: t("common:error.serverTitle"), body: t("common:error.serverBody") },
    notFound: { title: t("common:error.notFoundTitle"), body: t("common:error.notFoundBody") },
    other: { title: t("common:error.title"), body: known ? t(`errors:${code}`) : t("common:error.body") },
  }[trouble];
  return { trouble, code, ...text };
}

/**
 * The document's title while an error stands in for a page: the routes that show errors (the
 * root and the signed-in layout) have no meta of their own, and the page's meta is not asked.
 */
export function ErrorTitle() {
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const { i18n } = useTranslation();
  if (!errors) return null;
  return <title>{`${explain(Object.values(errors)[0], i18n).title} · VV`}</title>;
}

/** A lost connection: a Wi-Fi sign struck through, in the theme's colours. */
export function OfflineArt() {
  return (
    <svg className="empty__art" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
      <ellipse className="a" cx="60" cy="84" rx="46" ry="8" />
      <path className="c" d="M30.3 44.3a42 42 0 0 1 59.4 0M40.2 54.2a28 28 0 0 1 39.6 0M50.1 64.1a14 14 0 0 1 19.8 0M60 74v.5" />
      <path className="x" d="M34 18l52 58" />
    </svg>
  );
}

/** Anything else: a card with a warning mark. */
function TroubleArt() {
  return (
    <svg className="empty__art" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
      <ellipse className="a" cx="60" cy="84" rx="46" ry="8" />
      <rect className="b" x="26" y="20" width="68" height="60" rx="8" />
      <path className="c" d="M60 34v20M60 66v.5" />
    </svg>
  );
}

/**
 * A page that could not be shown, in the reader's language: no connection, our servers in
 * trouble, no such page, or anything else. What happened is an alert (announced as it appears,
 * again after each retry that fails); "try again" is a link to the same address, so it runs the
 * page's loaders again with JavaScript and reloads the page without. Inside the signed-in
 * layout (`inFrame`) the tabs are the way elsewhere; on its own it also links to the airdrop.
 */
export function PageError({ inFrame = false }: { inFrame?: boolean }) {
  const error = useRouteError();
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const { trouble, code, title, body } = explain(error, i18n);
  const notFound = trouble === "notFound";
  return (
    <main className="page">
      <div key={location.key} className="band" role="alert">
        <h1>{title}</h1>
        <p className="lead">{body}</p>
      </div>
      <div className="card page-error">
        {trouble === "offline" ? <OfflineArt /> : <TroubleArt />}
        {trouble === "server" && code !== undefined ? (
          <p className="hint">{t("common:error.code", { code: isolate(String(code)) })}</p>
        ) : null}
        <div className="actions">
          {notFound ? null : (
            <Link className="button" to={location.pathname + location.search}>
              {t("common:error.retry")}
            </Link>
          )}
          {notFound || !inFrame ? (
            <Link className={notFound ? "button" : "button button--secondary"} to="/airdrop">
              {t("common:error.home")}
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
