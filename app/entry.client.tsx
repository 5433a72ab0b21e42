import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// Times are shown in the phone's own time zone: the server learns it from this cookie (and
// names UTC until it has it).
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone && !document.cookie.split("; ").includes(`vv_tz=${encodeURIComponent(zone)}`)) {
  document.cookie = `vv_tz=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
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
