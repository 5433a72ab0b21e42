/**
 * The airdrop's last figures, kept in the browser for the offline page (decision 042). They sit
 * in a cache of their own, which the page, the service worker and the offline page's script
 * (offline-figures.js) can all reach: the worker deletes it when a session ends or starts, so
 * the next account never sees them.
 */
import { inNativeApp } from "#app/utils/native.ts";

const FIGURES = "vv-figures";
const KEY = "/__figures";

/** What offline-figures.js shows: amounts already formatted, times in this phone's clock (ms). */
export interface LastFigures {
  user: number;
  vv: string;
  power: string;
  roundEnd: number;
  savedAt: number;
}

/** Only where our service worker can serve the offline page (not in the apps): elsewhere no one would read them. */
function kept(): boolean {
  return typeof caches !== "undefined" && "serviceWorker" in navigator && !inNativeApp();
}

export function saveFigures(figures: LastFigures): void {
  if (!kept()) return;
  void caches
    .open(FIGURES)
    .then((cache) => cache.put(KEY, new Response(JSON.stringify(figures), { headers: { "Content-Type": "application/json" } })))
    // Storage full or refused (private mode): the offline page then says it has nothing to show.
    .catch(() => undefined);
}

export function forgetFigures(): void {
  if (kept()) void caches.delete(FIGURES).catch(() => undefined);
}
