// The test run's stages, in order (`npm test`, and scripts/test.sh after its set-up): each is an
// npm script; the first that fails stops the run. At the end, green or red (or interrupted), one
// table says each stage's seconds and result, so every log shows where the time went.
//
//   node scripts/run-stages.mjs                  every stage
//   node scripts/run-stages.mjs vitest postgres  only those, in the table's order
//   node scripts/run-stages.mjs --deep [--seed N] the deep run (docs/testing.md): the two Vitest
//       stages with every property test at full size, on seed N or on one picked and printed
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const STAGES = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "audit", script: "audit:deps" },
  { name: "vitest", label: "vitest (PGlite)", script: "test:unit", deep: true },
  { name: "postgres", label: "vitest on PostgreSQL", script: "test:pg", deep: true },
  { name: "build", script: "build" },
  { name: "budgets", script: "test:budgets" },
  { name: "e2e", script: "test:e2e" },
];

const args = process.argv.slice(2);
const deep = args.includes("--deep");
const seedAt = args.indexOf("--seed");
const seedArg = seedAt >= 0 ? args[seedAt + 1] : undefined;
const names = args.filter((arg, i) => !arg.startsWith("--") && (seedAt < 0 || i !== seedAt + 1));
const unknown = names.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length) {
  console.error(`No stage ${unknown.join(", ")}; the stages are ${STAGES.map((s) => s.name).join(", ")}.`);
  process.exit(2);
}
const chosen = STAGES.filter((stage) => (names.length ? names.includes(stage.name) : !deep || stage.deep));

const env = { ...process.env };
let heading = "";
if (deep) {
  const seed = seedArg ?? process.env.FUZZ_SEED ?? String(randomInt(2 ** 31));
  if (!/^-?\d+$/.test(seed)) {
    console.error(`The seed must be an integer, not ${seed}`);
    process.exit(2);
  }
  Object.assign(env, { FUZZ_DEEP: "1", FUZZ_SEED: seed });
  heading = `Deep run: every property test at full size, FUZZ_SEED=${seed} (replay: npm run test:deep -- --seed ${seed})`;
  console.log(heading);
}

const notes = mkdtempSync(join(tmpdir(), "vv-stages-"));
const rows = chosen.map((stage) => ({ stage, seconds: undefined, result: "not run" }));
let current;

function table() {
  const width = Math.max(...rows.map((row) => (row.stage.label ?? row.stage.name).length), "total".length);
  const line = (a, b, c) => `${a.padEnd(width)}  ${b.padStart(8)}  ${c}`;
  const ran = rows.filter((row) => row.seconds !== undefined);
  const total = ran.reduce((sum, row) => sum + row.seconds, 0);
  const failed = rows.find((row) => row.result.startsWith("failed") || row.result === "interrupted");
  const out = [
    "",
    `Stages${heading ? ` (${heading})` : ""}:`,
    line("stage", "seconds", "result"),
    ...rows.map((row) => line(row.stage.label ?? row.stage.name, row.seconds === undefined ? "-" : row.seconds.toFixed(1), row.result)),
    line("total", total.toFixed(1), failed ? `failed at ${failed.stage.label ?? failed.stage.name}` : "passed"),
  ];
  console.log(out.join("\n"));
}

function runStage(row) {
  const note = join(notes, row.stage.name);
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    console.log(`\n=== ${row.stage.label ?? row.stage.name}: npm run ${row.stage.script}`);
    current = spawn("npm", ["run", "--silent", row.stage.script], { stdio: "inherit", env: { ...env, VV_STAGE_NOTE: note } });
    current.on("exit", (code, signal) => {
      current = undefined;
      row.seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const said = existsSync(note) ? readFileSync(note, "utf8").trim() : "";
      row.result = code === 0 ? said || "passed" : signal ? `failed (${signal})` : `failed (exit ${code})`;
      resolve(code === 0 ? 0 : (code ?? 1));
    });
  });
}

// Ctrl-C or a CI timeout: stop the stage, still print the table.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    const row = rows.find((r) => r.result === "running");
    if (row) row.result = "interrupted";
    current?.kill(signal);
    table();
    rmSync(notes, { recursive: true, force: true });
    process.exit(130);
  });
}

let status = 0;
for (const row of rows) {
  row.result = "running";
  status = await runStage(row);
  if (status !== 0) break;
}
table();
rmSync(notes, { recursive: true, force: true });
process.exit(status);
