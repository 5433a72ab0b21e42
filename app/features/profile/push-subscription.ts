/**
 * This browser's Web Push subscription, through our own service worker (decision 042). Only a
 * browser: the native apps have push of their own, and the settings page hides the section there.
 */
import { inNativeApp } from "#app/utils/native.ts";

/** What the settings page says, and which button it offers. */
export type PushState = "unsupported" | "iosNotInstalled" | "denied" | "off" | "on";

/** iPhones and iPads (which call themselves a Mac, but have a touch screen). */
export function onIos(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

/** Opened from the home screen. */
export function installed(): boolean {
  return matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
}

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && !inNativeApp();
}

/** The subscription of the worker already registered, if any; never registers one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  // Safari on an iPhone offers Web Push only to a web app added to the home screen (iOS 16.4 on).
  if (onIos() && !installed()) return "iosNotInstalled";
  if (!supported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription().catch(() => null)) ? "on" : "off";
}

/** The VAPID key as the bytes pushManager.subscribe() takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Asks the browser (only ever from a tap: browsers refuse, or remember a refusal, otherwise),
 * then subscribes through the worker, registering it now if the page has not done so yet.
 * Null when the user did not allow notifications.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription | null> {
  if ((await Notification.requestPermission()) !== "granted") return null;
  await navigator.serviceWorker.register("/sw.js");
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
}

/** The fields the settings action sends on to the API. */
export function subscriptionFields(subscription: PushSubscription): Record<string, string> {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? "",
    p256dh: keys?.p256dh ?? "",
    auth: keys?.auth ?? "",
    label: navigator.userAgent,
    // The API holds notifications through the night where this phone is.
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? "",
  };
}
