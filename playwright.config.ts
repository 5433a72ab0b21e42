import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL, WHOLE_BROWSER } from "./scripts/chromium.mjs";
import { E2E } from "./tests/e2e/env.ts";

// Chromium's headless shell (Debian's chromium-headless-shell) lays out, draws and runs pages as
// the browser does, in about 55% of its time (decision 071). It has no push service: the specs
// that subscribe a browser to push run in the whole browser.
const PUSH_SPECS = ["notifications.spec.ts"];

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
      testIgnore: PUSH_SPECS,
      use: { launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS } },
    },
    {
      name: "chromium",
      testMatch: PUSH_SPECS,
      use: { launchOptions: { executablePath: WHOLE_BROWSER, args: ["--headless=new", ...CHROMIUM_ARGS] } },
    },
  ],
});
