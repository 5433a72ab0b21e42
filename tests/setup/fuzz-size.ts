/**
 * The size and the seed of every property test (fast-check), read here and nowhere else
 * (docs/testing.md). `npm test` runs each at a small size on a fixed seed: the same inputs every
 * run, so a red run is a change of the code, and it replays as it is. `npm run test:deep`
 * (FUZZ_DEEP=1) runs them at full size on a seed it picks and prints; FUZZ_SEED replays one.
 * FUZZ_RUNS, when set, is every property's number of runs (FUZZ_RUNS=1 for a quick look).
 */
import type fc from "fast-check";

/** The seed when FUZZ_SEED is not set: `npm test`'s, every run. */
const DEFAULT_FUZZ_SEED = 38;

function integerFrom(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${JSON.stringify(raw)}`);
  return value;
}

/** Full size (`npm run test:deep`) rather than `npm test`'s small one. */
export const FUZZ_DEEP = process.env.FUZZ_DEEP === "1";
/** fast-check's seed for every property of this run. */
export const FUZZ_SEED = integerFrom("FUZZ_SEED") ?? DEFAULT_FUZZ_SEED;
const FUZZ_RUNS = integerFrom("FUZZ_RUNS");

type Size = { small: number; full: number };

/**
 * The runs of one property: `small` in `npm test`, `full` in the deep run, each replaced by
 * `postgres` when the file runs on PostgreSQL (TEST_DATABASE_URL), and all by FUZZ_RUNS.
 */
export function fuzzRuns(size: Size & { postgres?: Size }): number {
  if (FUZZ_RUNS !== undefined && FUZZ_RUNS > 0) return FUZZ_RUNS;
  const chosen = process.env.TEST_DATABASE_URL && size.postgres ? size.postgres : size;
  return FUZZ_DEEP ? chosen.full : chosen.small;
}

/** fast-check's settings: the runs, inputs that failed once (tried first, every time), and this run's seed. */
export function fuzzParameters<Ts>(numRuns: number, examples: Ts[] = []): fc.Parameters<Ts> {
  return { numRuns, examples, seed: FUZZ_SEED };
}

/** What a fuzz file's summary line says of its size, so that a log tells how to replay it. */
export function fuzzSizeSaid(): string {
  return `${FUZZ_DEEP ? "deep" : "small"} run, FUZZ_SEED=${FUZZ_SEED}`;
}
