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

// Stages of one `group` run at once: the whole-tree checks are each one process on one core, so
// on two cores they take about the time of the longest instead of their sum.
const STAGES = [
  { name: "typecheck", script: "typecheck", group: "checks" },
  { name: "lint", script: "lint", group: "checks" },
  { name: "audit", script: "audit:deps", group: "checks" },
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

const runStarted = process.hrtime.bigint();
const notes = mkdtempSync(join(tmpdir(), "vv-stages-"));
const rows = chosen.map((stage) => ({ stage, seconds: undefined, result: "not run" }));
const running = new Set();

function table() {
  const width = Math.max(...rows.map((row) => (row.stage.label ?? row.stage.name).length), "total".length);
  const line = (a, b, c) => `${a.padEnd(width)}  ${b.padStart(8)}  ${c}`;
  const ran = rows.filter((row) => row.seconds !== undefined);
  // The run's own wall time: stages of a group overlap, so their seconds add up to more.
  const total = ran.length ? Number(process.hrtime.bigint() - runStarted) / 1e9 : 0;
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

/** One stage; `alongside` others, its output is held and printed whole when it ends, so logs never interleave. */
function runStage(row, alongside = false) {
  const note = join(notes, row.stage.name);
  const started = process.hrtime.bigint();
  const heading = `\n=== ${row.stage.label ?? row.stage.name}: npm run ${row.stage.script}`;
  row.result = "running";
  return new Promise((resolve) => {
    if (!alongside) console.log(heading);
    const child = spawn("npm", ["run", "--silent", row.stage.script], {
      stdio: alongside ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...env, VV_STAGE_NOTE: note },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    running.add(child);
    child.on("close", (code, signal) => {
      running.delete(child);
      if (alongside) process.stdout.write(`${heading}\n${Buffer.concat(output).toString()}`);
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
    for (const row of rows.filter((r) => r.result === "running")) row.result = "interrupted";
    for (const child of running) child.kill(signal);
    table();
    rmSync(notes, { recursive: true, force: true });
    process.exit(130);
  });
}

let status = 0;
for (let i = 0; i < rows.length && status === 0;) {
  const group = rows[i].stage.group;
  let end = i + 1;
  while (group && end < rows.length && rows[end].stage.group === group) end++;
  const batch = rows.slice(i, end);
  const codes = await Promise.all(batch.map((row) => runStage(row, batch.length > 1)));
  status = codes.find((code) => code !== 0) ?? 0;
  i += batch.length;
}
table();
rmSync(notes, { recursive: true, force: true });
process.exit(status);
