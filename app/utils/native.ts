/**
 * What every page carries of the native bridge (docs/native-bridge.md): whether it runs inside
 * one of the apps, which inject their bridge object before any script of the page runs. The
 * adapter (native-bridge.ts) is fetched only then: a plain browser loads none of it.
 */
import type { NativeEvent } from "./native-event.ts";

/** Whether the page runs inside one of the apps' webviews (their bridge object is there). */
export function inNativeApp(): boolean {
  const w = window as { VVAndroid?: unknown; webkit?: { messageHandlers?: { vv?: unknown } } };
  return Boolean(w.VVAndroid || w.webkit?.messageHandlers?.vv);
}

/** Inside an app: starts the adapter (it answers the app from then on) and hands it the event, if any. */
export function toNative(event?: NativeEvent): void {
  if (inNativeApp()) void import("./native-bridge.ts").then((bridge) => event && bridge.report(event));
}
