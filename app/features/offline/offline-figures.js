/**
 * The offline page's script (offline-page.tsx), copied to /offline.js by scripts/build-sw.mjs:
 * the page is stored once for everyone, so the user's last figures are filled in here, from the
 * cache the airdrop page writes (last-figures.ts), with times in the phone's own clock and in
 * the page's language.
 */
const TIME_SLOT = "{{time}}";

function format(ms, options) {
  return new Intl.DateTimeFormat(document.documentElement.lang, options).format(new Date(ms));
}

function show(figures) {
  const card = document.querySelector("[data-figures]");
  const slot = (name) => card.querySelector(`[data-figure="${name}"]`);
  slot("vv").textContent = figures.vv;
  slot("power").textContent = figures.power;
  const roundEnd = slot("roundEnd");
  roundEnd.dateTime = new Date(figures.roundEnd).toISOString();
  roundEnd.textContent = format(figures.roundEnd, { weekday: "short", hour: "numeric", minute: "2-digit" });
  const asOf = card.querySelector("[data-as-of]");
  asOf.textContent = asOf.dataset.asOf.replace(TIME_SLOT, format(figures.savedAt, { dateStyle: "medium", timeStyle: "short" }));
  card.hidden = false;
  document.querySelector("[data-no-figures]").hidden = true;
}

async function lastFigures() {
  if (typeof caches === "undefined") return undefined;
  // Looked up by its cache's name: opening the cache would make an empty one after a logout.
  const stored = await caches.match("/__figures", { cacheName: "vv-figures" });
  return stored ? stored.json() : undefined;
}

// Retrying is loading the address that failed, which is this document's.
document.querySelector("[data-retry]").href = location.href;
lastFigures()
  .then((figures) => figures && show(figures))
  // Unreadable storage: the page keeps saying there is nothing to show.
  .catch(() => undefined);
