import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/env.ts";

const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

// Chromium's headless shell (Debian's chromium-headless-shell) lays out, draws and runs pages as
// the browser does, on about 60% of its CPU (decision 071). It has no push service: the specs
// that subscribe a browser to push run in the whole browser.
const WHOLE_BROWSER = ["notifications.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "tests/.tmp/e2e-results",
  use: {
    baseURL: E2E.baseUrl,
    viewport: { width: 360, height: 740 },
    locale: "en-US",
    trace: "off",
  },
  projects: [
    {
      name: "shell",
      testIgnore: WHOLE_BROWSER,
      use: { launchOptions: { executablePath: "/usr/bin/chromium-headless-shell", args } },
    },
    {
      name: "chromium",
      testMatch: WHOLE_BROWSER,
      use: { launchOptions: { executablePath: "/usr/bin/chromium", args: ["--headless=new", ...args] } },
    },
  ],
});
