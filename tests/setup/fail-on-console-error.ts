import { afterEach, beforeEach, vi } from "vitest";

// A test that makes the code print an error has found a bug, even if its assertions pass.
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => spy.mockRestore());
