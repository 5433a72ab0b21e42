import type { BrowserKey, OsKey } from "#contract/device-names.ts";

// Order matters: Edge and Samsung Internet also say "Chrome", Chrome also says "Safari",
// and an iPhone says "like Mac OS X".
const BROWSERS: [RegExp, BrowserKey][] = [
  [/\bEdg(e|A|iOS)?\//, "edge"],
  [/\bSamsungBrowser\//, "samsung"],
  [/\b(Firefox|FxiOS)\//, "firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "safari"],
];

const SYSTEMS: [RegExp, OsKey][] = [
  [/\bAndroid\b/, "android"],
  [/\b(iPhone|iPad|iPod)\b/, "ios"],
  [/\bWindows\b/, "windows"],
  [/\b(Macintosh|Mac OS X)\b/, "macos"],
  [/\b(Linux|X11|CrOS)\b/, "linux"],
];

const first = <K extends string>(rules: [RegExp, K][], text: string, none: K): K => rules.find(([re]) => re.test(text))?.[1] ?? none;

/**
 * The browser and system a sign-in came from, as the sessions list and the new-device mail
 * name them. Our own few rules rather than a parser package: we name six browsers and five
 * systems, and anything else is shown as unknown. The VV app is known by its verified key.
 */
export function deviceOf(userAgent: string | undefined, nativeApp: boolean): { browser: BrowserKey; os: OsKey } {
  const ua = (userAgent ?? "").slice(0, 512);
  return { browser: nativeApp ? "app" : first(BROWSERS, ua, ""), os: first(SYSTEMS, ua, "") };
}
