import { expect, test as base } from "@playwright/test";
import { closeRound, holdRounds } from "./accounts.ts";

/**
 * Every page a test opens must run clean: a console error or an uncaught exception in the
 * browser (a route module that fails to load, a hydration mismatch) fails the test. A test
 * that provokes a refusal on purpose names the console lines it expects (`expectedConsole`).
 * An AbortError is not one: the router cancels a navigation that a newer one supersedes (a
 * second Enter while the first answer's revalidation still loads), and Remix's single fetch
 * leaves that cancelled request's rejection unhandled, or logs it when the answer was still
 * streaming in.
 */
export const test = base.extend<{ expectedConsole: RegExp[]; rounds: Rounds }>({
  expectedConsole: [[], { option: true }],
  /**
   * The clocked server's rounds (E2E.clocked), this test's alone while it runs (other tests that
   * take them wait): the round in progress is closed first, so a fresh hour-long round has begun
   * and none closes by itself; then `close()` closes each when the test says so.
   */
  rounds: async ({}, use) => {
    const release = await holdRounds();
    try {
      await closeRound();
      await use({ close: closeRound });
    } finally {
      release();
    }
  },
  context: async ({ context, expectedConsole }, use) => {
    const problems: string[] = [];
    const watch = (page: import("@playwright/test").Page) => {
      page.on(
        "console",
        (m) =>
          m.type() === "error" &&
          !m.text().startsWith("AbortError:") &&
          !expectedConsole.some((e) => e.test(m.text())) &&
          problems.push(`console: ${m.text()}`),
      );
      page.on("pageerror", (e) => e.name !== "AbortError" && problems.push(`pageerror: ${e.message}`));
    };
    context.pages().forEach(watch);
    context.on("page", watch);
    await use(context);
    expect(problems, "browser errors").toEqual([]);
  },
});

export interface Rounds {
  /** Closes the round in progress and distributes it: its number. */
  close(): Promise<number>;
}

export { expect };
