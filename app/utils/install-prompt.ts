import { useSyncExternalStore } from "react";

/**
 * The browser's offer to install the web app (`beforeinstallprompt`, Chromium's browsers), held
 * from the first page on for the profile page's "Install the app" button, which may be opened
 * long after the event fired. Holding it also keeps the browser's own install banner away.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

let offer: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();
const changed = (next: InstallPromptEvent | undefined) => {
  offer = next;
  listeners.forEach((listener) => listener());
};

export function holdInstallPrompt(): void {
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    changed(event as InstallPromptEvent);
  });
  addEventListener("appinstalled", () => changed(undefined));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app now. */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offer !== undefined,
    () => false,
  );
}

/** Shows the browser's install dialog. An offer is good for one dialog: the browser makes a new one if the user declines. */
export function promptInstall(): void {
  const current = offer;
  changed(undefined);
  void current?.prompt().catch(() => undefined);
}
