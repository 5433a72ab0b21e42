import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * `npm run screenshots`: the pages for a person to look at (tests/screenshots), on the same
 * servers as the end-to-end run. Not in `npm test`: it takes pictures and asserts nothing the
 * end-to-end specs do not.
 */
export default defineConfig({ ...base, testDir: "tests/screenshots" });
