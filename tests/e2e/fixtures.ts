import { expect, test as base } from "@playwright/test";
import { contextBase } from "./accounts.ts";

/**
 * Every page a test opens must run clean: a console error or an uncaught exception in the
 * browser (a route module that fails to load, a hydration mismatch) fails the test. A test
 * that provokes a refusal on purpose names the console lines it expects (`expectedConsole`).
 * An AbortError is not one: the router cancels a navigation that a newer one supersedes (a
 * second Enter while the first answer's revalidation still loads), and Remix's single fetch
 * leaves that cancelled request's rejection unhandled.
 */
export const test = base.extend<{ expectedConsole: RegExp[] }>({
  expectedConsole: [[], { option: true }],
  context: async ({ context, expectedConsole, baseURL }, use) => {
    // Which server signedIn and closeRound (accounts.ts) talk to for this test's pages.
    if (baseURL) contextBase.set(context, baseURL);
    const problems: string[] = [];
    const watch = (page: import("@playwright/test").Page) => {
      page.on(
        "console",
        (m) => m.type() === "error" && !expectedConsole.some((e) => e.test(m.text())) && problems.push(`console: ${m.text()}`),
      );
      page.on("pageerror", (e) => e.name !== "AbortError" && problems.push(`pageerror: ${e.message}`));
    };
    context.pages().forEach(watch);
    context.on("page", watch);
    await use(context);
    expect(problems, "browser errors").toEqual([]);
  },
});

export { expect };
