import { defineConfig } from "@playwright/test";
import { E2E } from "./tests/e2e/env.ts";

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
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "off",
  },
});
