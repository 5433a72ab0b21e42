import { expect, test } from "vitest";
import { backAtRoot, EXIT_WINDOW_MS } from "#app/utils/back-window.ts";

test("a second back within 2 s of the hint leaves the app; later, or with no hint shown, it shows the hint", () => {
  expect(EXIT_WINDOW_MS).toBe(2000);
  expect(backAtRoot(10_000, -Infinity)).toBe("hint");
  expect(backAtRoot(10_000, 10_000)).toBe("exit");
  expect(backAtRoot(12_000, 10_000)).toBe("exit");
  expect(backAtRoot(12_001, 10_000)).toBe("hint");
  expect(backAtRoot(12_300, 10_000)).toBe("hint");
});
