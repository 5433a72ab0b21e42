/** How long after the "back again to leave" hint a second back leaves the app. */
export const EXIT_WINDOW_MS = 2000;

/**
 * A back at a tab root, in the native app: within the window of the hint it leaves the app, any
 * other shows the hint (again). Times are the page's own clock, in milliseconds.
 */
export function backAtRoot(now: number, hintShownAt: number): "exit" | "hint" {
  return now - hintShownAt <= EXIT_WINDOW_MS ? "exit" : "hint";
}
