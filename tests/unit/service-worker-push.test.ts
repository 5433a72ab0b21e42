import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, test, vi } from "vitest";

/**
 * The service worker's push and notificationclick handlers, run in a sandbox that stands in
 * for the worker's global scope. Headless Chromium can deliver a push message to the real worker
 * (tests/e2e/notifications.spec.ts), but has no way to tap a notification.
 */

const ORIGIN = "https://vv.example";
type Handler = (event: unknown) => void;

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function worker(windows: FakeWindow[] = []) {
  const handlers = new Map<string, Handler>();
  const showNotification = vi.fn(async () => undefined);
  const openWindow = vi.fn(async () => null);
  const self = {
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll: vi.fn(async () => windows), openWindow },
  };
  // The language the pages were last shown in, as the worker keeps it.
  const caches = { open: async () => ({ match: async () => new Response("ar") }) };
  runInNewContext(readFileSync("app/features/offline/sw.js", "utf8"), { self, caches, URL, Response });
  /** Runs a handler and waits for what it handed to waitUntil. */
  const dispatch = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, showNotification, openWindow };
}

function openWindow(url: string): FakeWindow {
  const win: FakeWindow = { url, focus: vi.fn(), navigate: vi.fn(async () => win) };
  win.focus.mockResolvedValue(win);
  return win;
}

function tap(url: unknown) {
  return { notification: { data: { url }, close: vi.fn() } };
}

describe("push", () => {
  test("shows the API's message with its text, tag, page and the app's icon", async () => {
    const sw = worker();
    const message = { title: "Round 12 closed", body: "3.2 VV to claim", url: "/airdrop", tag: "round", kind: "round", dedupe_key: "r12" };
    await sw.dispatch("push", { data: { json: () => message } });
    expect(sw.showNotification).toHaveBeenCalledWith("Round 12 closed", {
      body: "3.2 VV to claim",
      tag: "round",
      data: { url: "/airdrop" },
      icon: "/icons/icon-192.png",
      lang: "ar",
      dir: "auto",
    });
  });

  test("every kind the API sends shows, each with the page it opens: an exchange's, the gift boxes (with their anchor)", async () => {
    const sw = worker();
    const messages = [
      { title: "Mika reminded you", body: "Your airdrop is paused.", url: "/airdrop", tag: "remind", kind: "remind", dedupe_key: "a" },
      { title: "Exchange completed", body: "You gained +12", url: "/swap/31", tag: "exchange-31", kind: "exchange", dedupe_key: "b" },
      { title: "Your gift was opened", body: "Ravi used it", url: "/force#gift", tag: "gift-7", kind: "gift", dedupe_key: "c" },
    ];
    for (const message of messages) await sw.dispatch("push", { data: { json: () => message } });
    for (const [i, m] of messages.entries()) {
      expect(sw.showNotification).toHaveBeenNthCalledWith(i + 1, m.title, expect.objectContaining({ tag: m.tag, data: { url: m.url } }));
    }
  });

  test("a message that is not ours shows nothing", async () => {
    const sw = worker();
    await sw.dispatch("push", { data: { json: () => JSON.parse("not json") } });
    await sw.dispatch("push", { data: null });
    await sw.dispatch("push", { data: { json: () => ({ body: "no title" }) } });
    expect(sw.showNotification).not.toHaveBeenCalled();
  });
});

describe("notificationclick", () => {
  test("closes the notification and brings an open VV window to the page", async () => {
    const other = openWindow("https://elsewhere.example/");
    const ours = openWindow(`${ORIGIN}/mine`);
    const sw = worker([other, ours]);
    const event = tap("/team?level=2");
    await sw.dispatch("notificationclick", event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(ours.focus).toHaveBeenCalled();
    expect(ours.navigate).toHaveBeenCalledWith("/team?level=2");
    expect(other.focus).not.toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });

  test("opens a new window when none of ours is open, or when the open one cannot be navigated", async () => {
    const sw = worker();
    await sw.dispatch("notificationclick", tap("/airdrop"));
    expect(sw.openWindow).toHaveBeenCalledWith("/airdrop");

    const uncontrolled = openWindow(`${ORIGIN}/login`);
    uncontrolled.navigate.mockRejectedValue(new TypeError("not controlled"));
    const again = worker([uncontrolled]);
    await again.dispatch("notificationclick", tap("/team"));
    expect(again.openWindow).toHaveBeenCalledWith("/team");
  });

  test("an exchange's page and the gift boxes' anchor open as they are", async () => {
    for (const url of ["/swap/31", "/force#gift"]) {
      const sw = worker();
      await sw.dispatch("notificationclick", tap(url));
      expect(sw.openWindow).toHaveBeenCalledWith(url);
    }
  });

  test("a page off the site, or no page, opens the airdrop", async () => {
    for (const url of ["https://evil.example/phish", "//evil.example/x", "javascript:alert(1)", undefined, 42]) {
      const sw = worker();
      await sw.dispatch("notificationclick", tap(url));
      expect(sw.openWindow, String(url)).toHaveBeenCalledWith("/airdrop");
    }
  });
});
