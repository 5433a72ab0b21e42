import type { NativeEvent } from "./native-event.ts";
import { backAtRoot } from "./back-window.ts";
import { showToast } from "./toast.ts";

/**
 * The one adapter between the web app and the native apps' webviews, loaded only inside them
 * (native.ts). Messages and their order are documented for the app teams in
 * docs/native-bridge.md; why they look this way in docs/decisions/026.
 */

/** What the page sends the app. */
type Outgoing =
  | { type: "analytics"; name: NativeEvent["name"]; params: NonNullable<NativeEvent["params"]> }
  | { type: "push_token_request" }
  | { type: "exit" }
  | { type: "open_store" };

interface Bridges {
  /** Android: `addJavascriptInterface(…, "VVAndroid")`, taking JSON text. */
  VVAndroid?: { postMessage(json: string): void };
  /** iOS: a WKScriptMessageHandler named "vv", taking the object itself. */
  webkit?: { messageHandlers?: { vv?: { postMessage(message: unknown): void } } };
  /** What the apps call: `VVWeb.receive({type: …})`. */
  VVWeb?: { receive(message: unknown): void };
}

const bridges = window as unknown as Bridges;

function post(message: Outgoing): void {
  if (bridges.VVAndroid) bridges.VVAndroid.postMessage(JSON.stringify(message));
  else bridges.webkit?.messageHandlers?.vv?.postMessage(message);
}

/** An action's event for the app's analytics; a sign-in also asks for the push token to bind. */
export function report(event: NativeEvent): void {
  post({ type: "analytics", name: event.name, params: event.params ?? {} });
  if (event.name === "login" && event.params?.success === true) post({ type: "push_token_request" });
}

/**
 * The app's push token goes to the account signed in here, through the web app (which adds the
 * session and the device id); signed out, the web app refuses it and nothing is bound.
 */
function bindPushToken(token: unknown, platform: unknown): void {
  if (typeof token !== "string" || (platform !== "android" && platform !== "ios")) return;
  void fetch("/native/push-token", { method: "POST", body: new URLSearchParams({ token, platform }) }).catch(() => undefined);
}

// Tab roots: there, back offers to leave the app instead (a second back exits). /login and
// /register are the roots of a signed-out visitor; signed in, they redirect away.
const ROOTS = new Set(["/airdrop", "/team", "/force", "/mine", "/login", "/register"]);
let hintShownAt = -Infinity;

function back(): void {
  if (!ROOTS.has(location.pathname)) {
    // React Router numbers the history entries it made in this document (`idx`): at 0 there is
    // no page of ours behind this one (the app opened it directly), so back leads to the first tab.
    if ((history.state as { idx?: number } | null)?.idx) history.back();
    else location.replace("/airdrop");
    return;
  }
  const now = performance.now();
  if (backAtRoot(now, hintShownAt) === "exit") {
    hintShownAt = -Infinity;
    post({ type: "exit" });
    return;
  }
  hintShownAt = now;
  showToast({ kind: "info", key: "common:native.backAgain" });
}

function receive(message: unknown): void {
  const m = message as { type?: unknown; token?: unknown; platform?: unknown } | null;
  if (m?.type === "back") back();
  else if (m?.type === "push_token") bindPushToken(m.token, m.platform);
}

/** A link marked `data-native="open_store"` (the upgrade popup's) asks the app to open its store. */
function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.("[data-native]");
  if (link?.getAttribute("data-native") !== "open_store") return;
  event.preventDefault();
  post({ type: "open_store" });
}

bridges.VVWeb = { receive };
document.addEventListener("click", onClick, true);
