import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import { screenshot } from "./helpers.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's WCAG 2.x A and AA rules (contrast and target size included) on the page as it
 * stands. Evaluated through the DevTools protocol, so the page's CSP is left as it is.
 */
export async function violations(page: Page): Promise<string[]> {
  // Colours fade when the scheme or a state changes: contrast is judged once they have settled,
  // not halfway between the light and the dark one.
  // (The countdown ring's transition runs every second and changes no colour.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || !a.transitionProperty.includes("color") || a.playState !== "running"),
  );
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    }),
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Light, then dark: the same page in both themes, for the eye (a screenshot each) and for axe. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page), `${name} ${scheme}`).toEqual([]);
    await screenshot(page, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: null });
}
