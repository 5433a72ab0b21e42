import { RemixBrowser } from "@remix-run/react";
import i18next, { type Resource } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./utils/i18n.ts";

declare global {
  interface Window {
    __remixContext: { state: { loaderData: { root?: { locale: string; resources: Resource } } } };
  }
}

// Times are shown in the phone's own time zone: the server learns it from this cookie (and
// names UTC until it has it).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && !document.cookie.split("; ").includes(`vv_tz=${encodeURIComponent(zone)}`)) {
  document.cookie = `vv_tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
}

// The translations arrived inside the HTML with the root loader's data: no extra request.
const root = window.__remixContext.state.loaderData.root;

i18next
  .use(initReactI18next)
  .init({
    ...i18nConfig,
    lng: root?.locale ?? document.documentElement.lang,
    resources: root?.resources ?? {},
    ns: Object.keys(root?.resources[root.locale] ?? {}),
    react: { useSuspense: false },
    initImmediate: false,
  })
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
