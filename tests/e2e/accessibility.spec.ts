import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { registerAs, uniqueEmail } from "./helpers.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's WCAG 2.x A and AA rules (contrast and target size included) on the page as it
 * stands. Evaluated through the DevTools protocol, so the page's CSP is left as it is.
 */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    }),
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: public pages meet WCAG 2 AA`, async ({ page }) => {
    for (const path of ["/login", "/register", "/privacy", "/terms"]) {
      await page.goto(`${path}?ui_lang=${lng}`);
      expect(await violations(page), path).toEqual([]);
    }
  });

  test(`${lng}: signed-in pages meet WCAG 2 AA`, async ({ page }) => {
    await registerAs(page, uniqueEmail(`a11y-${lng}`), { lng });
    for (const path of ["/airdrop", "/team", "/recruit", "/force", "/swap?code=AB12CD34", "/mine", "/mine?confirm=logout", "/settings", "/settings?confirm=delete"]) {
      await page.goto(path);
      // The welcome toast fades away; check the page as it then stands.
      await page.getByRole("status").waitFor({ state: "detached" }).catch(() => undefined);
      expect(await violations(page), path).toEqual([]);
    }
  });
}
