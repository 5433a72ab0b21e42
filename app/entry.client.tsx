import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { holdInstallPrompt } from "./utils/install-prompt.ts";
import { inNativeApp } from "./utils/native.ts";

// Times are shown in the phone's own time zone: the server learns it from this cookie (and
// names UTC until it has it).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && !document.cookie.split("; ").includes(`vv_tz=${encodeURIComponent(zone)}`)) {
  document.cookie = `vv_tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

holdInstallPrompt();

/**
 * The service worker (decision 042), once the page has loaded and the phone is idle, so it never
 * competes with the page's own requests. Not in development (it would keep stale modules), nor in
 * the apps' webviews, which have their own bridge for what a worker would do.
 */
function registerServiceWorker() {
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  idle(() => {
    navigator.serviceWorker
      .register("/sw.js")
      // A page the worker did not load (the first visit) is one whose language it has not seen:
      // without this its offline page would be in the browser's language, not the reader's.
      .then(() => (navigator.serviceWorker.controller ? undefined : navigator.serviceWorker.ready))
      .then((registration) => registration?.active?.postMessage({ language: document.documentElement.lang }))
      // A browser that refuses (private mode, storage off) simply has no offline page.
      .catch(() => undefined);
  });
}
if (import.meta.env.PROD && "serviceWorker" in navigator && !inNativeApp()) {
  if (document.readyState === "complete") registerServiceWorker();
  else addEventListener("load", registerServiceWorker, { once: true });
}

// The translations arrived inside the HTML with the root loader's data: the root's Layout
// makes the page's translator from them, no extra request and no i18n runtime to start.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
