/**
 * The service worker (decision 042). scripts/build-sw.mjs writes it to build/client/sw.js with
 * BUILD filled in: the build's version and the files to keep. It keeps the build's immutable
 * assets and one anonymous page, /offline, in the user's language; pages and data of a
 * signed-in user always come from the network and are never stored.
 */
const BUILD = { version: "dev", assets: [], files: [] };

const STATIC = `vv-static-${BUILD.version}`;
const PAGES = `vv-pages-${BUILD.version}`;
// Not tied to a build: the language survives an update, the figures are the airdrop page's.
const STATE = "vv-state";
const LANGUAGE_KEY = "/__sw/language";
// Written by the airdrop page (last-figures.ts) and read by offline-figures.js.
const FIGURES = "vv-figures";
const KEPT = new Set([STATIC, PAGES, STATE, FIGURES]);

/** Posts that end a session or start one: the last account's figures must not outlive them. */
const SESSION_CHANGES = /^\/(?:logout|login|register)(?:\.data)?$/;

async function storedLanguage() {
  const stored = await (await caches.open(STATE)).match(LANGUAGE_KEY);
  return stored ? stored.text() : undefined;
}

/**
 * Stores /offline in `language`, or, before any page told us the user's language, in the one
 * the server picks from the browser's Accept-Language. Without cookies: the page is anonymous,
 * and a visit must not consume a toast or renew a session.
 */
async function keepOfflinePage(language) {
  const response = await fetch(language ? `/offline?lang=${encodeURIComponent(language)}` : "/offline", {
    credentials: "omit",
    cache: "reload",
  });
  if (!response.ok) return;
  const served = response.headers.get("Content-Language") || language;
  if (!served) return;
  await (await caches.open(PAGES)).put(`/offline?lang=${encodeURIComponent(served)}`, response);
  await (await caches.open(STATE)).put(LANGUAGE_KEY, new Response(served));
}

/** A page was shown in `language`: the offline page follows when it was another. */
async function followLanguage(language) {
  const pages = await caches.open(PAGES);
  if ((await storedLanguage()) === language && (await pages.match(`/offline?lang=${encodeURIComponent(language)}`))) return;
  await keepOfflinePage(language);
}

async function offlinePage() {
  const pages = await caches.open(PAGES);
  const language = await storedLanguage();
  return (
    (language && (await pages.match(`/offline?lang=${encodeURIComponent(language)}`))) || pages.match("/offline", { ignoreSearch: true })
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC);
      await cache.addAll(BUILD.assets);
      // Not named by their content: past the HTTP cache, so this build's copy is the one kept.
      await cache.addAll(BUILD.files.map((file) => new Request(file, { cache: "reload" })));
      await keepOfflinePage(await storedLanguage());
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("vv-") && !KEPT.has(name)).map((name) => caches.delete(name)));
      // The page's request starts while the worker wakes up, not after: a slow phone waits once.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

// A page the worker did not load tells it its language (entry.client.tsx); only our pages can.
self.addEventListener("message", (event) => {
  const language = event.data?.language;
  if (typeof language === "string" && language) event.waitUntil(followLanguage(language));
});

async function navigate(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    const language = response.headers.get("Content-Language");
    if (response.ok && language) event.waitUntil(followLanguage(language));
    return response;
  } catch (error) {
    const page = await offlinePage();
    if (page) return page;
    throw error;
  }
}

async function fromCacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(STATIC)).put(request, response.clone());
  return response;
}

async function fromNetworkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: true });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && SESSION_CHANGES.test(url.pathname)) {
    event.waitUntil(caches.delete(FIGURES));
    return;
  }
  if (request.method !== "GET") return;
  // Everything else, pages' data (`.data`) above all, goes to the network untouched.
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else if (url.pathname.startsWith("/assets/")) event.respondWith(fromCacheFirst(request));
  else if (BUILD.files.includes(url.pathname)) event.respondWith(fromNetworkFirst(request));
});

/** A path of this site to open, or the airdrop: a message never sends the user elsewhere. */
function sameOriginPath(url) {
  if (typeof url !== "string") return "/airdrop";
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin) return target.pathname + target.search + target.hash;
  } catch {
    // Not a URL at all.
  }
  return "/airdrop";
}

/** The API's Web Push message (api/src/domain/push/send.ts): JSON with title, body, url and tag. */
async function showPush(message) {
  await self.registration.showNotification(message.title, {
    body: typeof message.body === "string" ? message.body : "",
    tag: typeof message.tag === "string" ? message.tag : undefined,
    data: { url: sameOriginPath(message.url) },
    icon: "/icons/icon-192.png",
    // The API writes in the account's language, which the pages are shown in too; the text sets its own direction.
    lang: (await storedLanguage()) || "",
    dir: "auto",
  });
}

self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (message && typeof message.title === "string") event.waitUntil(showPush(message));
});

/** A window of ours shows the page, if one is open; else a new one opens. */
async function openPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!ours) return self.clients.openWindow(url);
  const focused = await ours.focus();
  return focused.navigate(url).catch(() => self.clients.openWindow(url));
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(sameOriginPath(event.notification.data?.url)));
});
