import { expect, test as base } from "@playwright/test";

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
  context: async ({ context, expectedConsole }, use) => {
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
