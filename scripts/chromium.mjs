// Debian's Chromium as the tests and scripts start it (decision 071): the headless shell where
// pages are only laid out, drawn and run, the whole browser where its own services are used (push).
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const WHOLE_BROWSER = "/usr/bin/chromium";

/** Nothing of its own in the background: no updates, sync or first-run pages. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
