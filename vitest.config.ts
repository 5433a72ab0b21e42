import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/{unit,api,app}/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // A hang's bound, not a speed check: a file that migrates a PGlite from scratch or starts a
    // node process took over 30 s on two cores that other runs kept at a load average of 15.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest leaves a core free by default, which on a 2-core machine runs the files one by one;
    // the suite is mostly waiting on PGlite and PostgreSQL, so two at once is a minute faster.
    maxWorkers: 2,
    deps: {
      // Node 24 reads a package's package.json again for every one of its ES modules it loads, and
      // drizzle-orm's is 179 kB of exports for its 448 modules: each test file's process spent
      // seconds on it. Bundled once into one module per entry, the files load it as one file
      // (tests/app: 277 to 225 CPU-seconds, its collect phase 93 s to 50 s).
      optimizer: {
        ssr: {
          enabled: true,
          include: [
            "drizzle-orm",
            "drizzle-orm/pg-core",
            "drizzle-orm/pglite",
            "drizzle-orm/pglite/migrator",
            "drizzle-orm/node-postgres",
            "drizzle-orm/node-postgres/migrator",
          ],
        },
      },
    },
  },
});
