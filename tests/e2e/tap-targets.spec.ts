import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { startAirdrop, strings, uniqueEmail } from "./helpers.ts";

/**
 * Every tap target on every page at least 44x44 px (docs/design-system.md, rule 2), on a phone
 * of 360x740. A target is a visible link, button, input, select, textarea or summary; a radio or
 * checkbox is measured by its label, which takes the tap too. Not targets: what is visually hidden
 * (1 px, such as the sign-in form's Enter button) and WCAG 2.5.8's inline exception, a link that
 * runs inline inside a sentence (an inline box whose block holds words besides the link's own),
 * whose size the line of text sets.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary";
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const own = element.getBoundingClientRect();
      if (own.width <= 1 || own.height <= 1) continue;
      if (element.tagName === "A" && style.display === "inline") {
        const words = (element.parentElement?.textContent ?? "").replace(element.textContent ?? "", "").trim();
        if (words.length > 0) continue;
      }
      const input = element as HTMLInputElement;
      const label = (input.type === "radio" || input.type === "checkbox") && input.labels?.[0];
      const box = label && label.contains(input) ? label.getBoundingClientRect() : own;
      if (Math.round(box.width) >= 44 && Math.round(box.height) >= 44) continue;
      const name = element.getAttribute("aria-label") || element.textContent?.trim() || element.getAttribute("name") || element.id;
      small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return small;
  });
}

/**
 * Opens each page in `lng` and collects its small targets, once the page has loaded what it loads
 * after hydrating (the network idle for half a second). Three tabs of the person's browser take
 * the pages in turn, so one tab's quiet half second is another's work.
 */
async function visit(page: Page, paths: string[], lng: string, found: string[]): Promise<void> {
  const queue = [...paths];
  const extra = await Promise.all([1, 2].map(() => page.context().newPage()));
  await Promise.all(
    [page, ...extra].map(async (tab) => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        await tab.goto(`${path}${path.includes("?") ? "&" : "?"}ui_lang=${lng}`);
        await tab.waitForLoadState("networkidle");
        for (const target of await smallTargets(tab)) found.push(`${path}: ${target}`);
      }
    }),
  );
  await Promise.all(extra.map((tab) => tab.close()));
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  return context.newPage();
}

for (const lng of ["en", "ar"]) {
  test(`${lng}: every tap target on every page is at least 44x44 px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const t = strings(lng);
    const found: string[] = [];

    const visitor = await phone(browser);
    await visit(
      visitor,
      ["/login", "/register", "/privacy", "/terms", "/rules", "/download", "/unsubscribe?token=nope", "/offline", "/appeal"],
      lng,
      found,
    );

    // A leader with an exchange one friend has joined (so Remove shows), and that friend on the join step first.
    const [leader, friend] = await Promise.all([phone(browser), phone(browser)]);
    await signedIn(leader, { email: uniqueEmail(`targets-lead-${lng}`), lng });
    await signedIn(friend, { email: uniqueEmail(`targets-friend-${lng}`), lng });
    await visit(leader, ["/airdrop"], lng, found);
    await startAirdrop(leader, lng);
    await leader.goto("/force");
    await leader
      .getByRole("group", { name: t("tools:start.quota") })
      .getByLabel("3", { exact: true })
      .check();
    await leader.getByRole("button", { name: t("tools:start.submit") }).click();
    await expect(leader).toHaveURL(/\/swap\/\d+$/);
    const exchange = new URL(leader.url()).pathname;
    const code = (await leader.locator(".invite-code").textContent())!.trim();
    await visit(friend, [`/swap?code=${code}`], lng, found);
    await friend.getByRole("button", { name: t("tools:swap.submit") }).click();
    await expect(friend).toHaveURL(/\/swap\/\d+$/);
    await visit(friend, [exchange, `${exchange}?confirm=leave`], lng, found);

    await visit(
      leader,
      [
        "/airdrop",
        "/team",
        "/team?level=2",
        "/recruit",
        "/force",
        exchange,
        `${exchange}?confirm=cancel`,
        "/mine",
        "/mine?confirm=logout",
        "/settings",
        "/settings?confirm=delete",
        "/settings/email",
        "/settings/email?to=next%40example.com",
        "/campaign",
        "/map",
        "/rules",
        "/download",
        "/privacy",
      ],
      lng,
      found,
    );
    await leader.goto(exchange);
    const remove = await leader.getByRole("link", { name: new RegExp(t("tools:exchange.remove")) }).getAttribute("href");
    await visit(leader, [`${exchange}${remove}`], lng, found);

    expect(found).toEqual([]);
    await Promise.all([visitor, leader, friend].map((p) => p.context().close()));
  });
}
