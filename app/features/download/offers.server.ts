/** A phone's system as the User-Agent names it; anything else (a computer, or a tablet calling itself one) is "desktop". */
export type Platform = "android" | "ios" | "desktop";

/** A way to install VV: which kind of link, and where it goes. */
export interface Offer {
  kind: "apk" | "play" | "appStore";
  href: string;
}

export interface ConfiguredLinks {
  apk?: string;
  play?: string;
  appStore?: string;
}

/**
 * iPadOS's Safari sends a Mac's agent and is seen as a computer here: it then gets every link,
 * as a computer does, rather than none.
 */
export function platformOf(userAgent: string | null): Platform {
  if (!userAgent) return "desktop";
  if (/\b(?:iPhone|iPad|iPod)\b/.test(userAgent)) return "ios";
  if (/\bAndroid\b/i.test(userAgent)) return "android";
  return "desktop";
}

/** What each platform can install, best first: an iPhone cannot open an APK, an Android phone has no App Store. */
const KINDS: Record<Platform, readonly Offer["kind"][]> = {
  android: ["apk", "play"],
  ios: ["appStore"],
  // A computer installs none of them: its reader is about to pick the phone's, so all are shown.
  desktop: ["apk", "play", "appStore"],
};

/** The configured links that install VV on this platform, the main one first; none when VV has no app for it. */
export function offersFor(links: ConfiguredLinks, platform: Platform): Offer[] {
  return KINDS[platform].flatMap((kind) => (links[kind] ? [{ kind, href: links[kind] }] : []));
}
