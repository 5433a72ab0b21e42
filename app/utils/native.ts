/**
 * What every page carries of the native bridge (docs/native-bridge.md): whether it runs inside
 * one of the apps, which inject their bridge object before any script of the page runs. The
 * adapter (native-bridge.ts) is fetched only then: a plain browser loads none of it.
 */

/** A native-app analytics event (docs/native-bridge.md), carried to the page by the toast of the action that saw it. */
export interface NativeEvent {
  name: "click_get_otp" | "login" | "remind_level_1";
  params?: Record<string, string | number | boolean>;
}

/** Inside an app: starts the adapter (it answers the app from then on) and hands it the event, if any. */
export function toNative(event?: NativeEvent): void {
  const w = window as { VVAndroid?: unknown; webkit?: { messageHandlers?: { vv?: unknown } } };
  if (w.VVAndroid || w.webkit?.messageHandlers?.vv) void import("./native-bridge.ts").then((bridge) => event && bridge.report(event));
}
