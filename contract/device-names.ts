/**
 * The browsers and systems a session is named by (read from the user agent at sign-in), and the
 * names they go by in every language. Zod-free: the browser imports it. The empty key is one we
 * could not tell; "app" is the VV app, whose name each language writes itself.
 */
export const BROWSER_NAMES = {
  chrome: "Chrome",
  firefox: "Firefox",
  safari: "Safari",
  samsung: "Samsung Internet",
  edge: "Edge",
} as const;

export const OS_NAMES = {
  android: "Android",
  ios: "iOS",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
} as const;

export type BrowserKey = keyof typeof BROWSER_NAMES | "app" | "";
export type OsKey = keyof typeof OS_NAMES | "";
