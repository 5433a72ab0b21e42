import type { NativeEvent } from "./native-event.ts";

/**
 * A toast as it travels (flash cookie or action data): a code or a translation key,
 * never finished text, so it is rendered in the reader's language. `message` is only
 * the server's own text for a code we do not know.
 */
export interface Toast {
  kind: "success" | "error" | "info";
  /** What went wrong (the field that shows it matches it); its wording, unless a key gives one with details. */
  code?: number;
  key?: string;
  params?: Record<string, string | number>;
  message?: string;
  /** What happened, for the native app's analytics (docs/native-bridge.md). */
  event?: NativeEvent;
  /** The page it leads to shows it in a way of its own (the gift box's reveal): the toaster leaves it out. */
  inPage?: boolean;
  /** Something the page it leads to offers with it: after a sign-in by code, a passkey for next time. */
  offer?: "passkey";
}

const TOAST_EVENT = "vv:toast";

/**
 * Toasts shown while no Toaster listens yet: the page is still hydrating (the native app's back
 * key, say, pressed while it loads). The first Toaster to listen shows them, so none is lost.
 */
const waiting: Toast[] = [];
let listening = 0;

/** Shows a toast from the browser itself (a copy, a share); the root's one Toaster shows it. */
export function showToast(toast: Toast): void {
  if (listening === 0) waiting.push(toast);
  else window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

/** Listens for showToast(), the toasts shown before anyone listened first; returns the unsubscribe. */
export function onToast(listener: (toast: Toast) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  window.addEventListener(TOAST_EVENT, handle);
  listening += 1;
  for (const toast of waiting.splice(0)) listener(toast);
  return () => {
    window.removeEventListener(TOAST_EVENT, handle);
    listening -= 1;
  };
}
