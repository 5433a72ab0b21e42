// Lighthouse performance on a phone (the target: mobile, median of 5, performance >= 98 on /login
// and /airdrop). A measurement, not a test: it exits 0 whether the target is met or not, 0 with
// "skipped: no Chrome" when there is no Chrome, and 1 only when something failed to run.
//
// Starts the production build (`npm run build` first when build/server/index.js is missing) on a
// port pair of its own with a scratch DATA_DIR and the rate limits out of the way, signs a user up
// through the API and starts their airdrop, then runs Lighthouse's default configuration (mobile
// emulation, simulated throttling: slow 4G and a 4x slower CPU), performance category only, N
// times per page, each in a fresh headless Chrome: /login anonymous, /airdrop with the session
// cookie (sent as an extra header, as a returning visitor who has seen the welcome card).
// Prints each run's score, the median score and the median of each metric, PASS/MISS against
// the target, and for a page that misses it what Lighthouse says costs the most (in the run with
// the median score).
//
//   npx tsx scripts/bench-lighthouse.ts [--runs 5] [--pages /login,/airdrop] [--no-build]
//                                       [--details] [--save <folder>]
//
// --details prints the costs for every page, --save writes each page's median-score run as
// Lighthouse JSON (open it at https://googlechrome.github.io/lighthouse/viewer/).
// Chrome: CHROME_PATH, else /usr/bin/chromium. The pages are served as server.ts serves them:
// plain HTTP/1.1 on localhost, no TLS or HTTP/2 front.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { request } from "undici";
import { newest, NO_RATE_LIMITS, servers, signedInCookie, startServer, stopServer } from "./bench-support.ts";

const started = performance.now();
const argValue = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  if (i < 0) return undefined;
  const value = process.argv[i + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} wants a value`);
  return value;
};
const RUNS = Number(argValue("--runs") ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs wants a positive integer");
const PAGES = (argValue("--pages") ?? "/login,/airdrop")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
for (const page of PAGES) if (!page.startsWith("/")) throw new Error(`--pages: ${page} does not start with /`);
const NO_BUILD = process.argv.includes("--no-build");
const DETAILS = process.argv.includes("--details");
const SAVE = argValue("--save");
const TARGET = 98;
/** Pages loaded anonymously; any other gets the signed-in user (who has started the airdrop). */
const PUBLIC = new Set(["/login", "/register", "/privacy", "/terms"]);
const signedIn = (page: string) => !PUBLIC.has(new URL(page, "http://x").pathname);

const PORT = 3730;
const API_PORT = 8930;
const BASE = `http://localhost:${PORT}`;
const API = `http://127.0.0.1:${API_PORT}`;
const SECRET = "bench-lighthouse-session-secret-0123456789abcdef";
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu"];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const loadAtStart = load();

// ---- Chrome and the build -----------------------------------------------------------------

const chromePath = [process.env.CHROME_PATH, "/usr/bin/chromium"].find((p): p is string => !!p && existsSync(p));
if (!chromePath) {
  console.log(
    `Lighthouse: skipped: no Chrome (CHROME_PATH ${process.env.CHROME_PATH ? `${process.env.CHROME_PATH} does not exist` : "is unset"}, /usr/bin/chromium is missing)`,
  );
  process.exit(0);
}

function build(): void {
  if (existsSync("build/server/index.js") && existsSync("build/client")) {
    if (statSync("build/server/index.js").mtimeMs < newest(["app", "contract", "locales", "vite.config.ts"]))
      console.log(
        "Note: build/ is older than app/, contract/, locales/ or vite.config.ts; measuring it as it is (npm run build to refresh)",
      );
    return;
  }
  if (NO_BUILD) throw new Error("--no-build, but build/server/index.js is missing: run npm run build");
  console.log("Building the app (npm run build)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

const dataDir = mkdtempSync(join(tmpdir(), "vv-bench-lighthouse-"));

/** The page answers 200 without a redirect, and the server has rendered it a few times (warm). */
async function warmUp(url: string, cookie?: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const res = await request(url, { headers: { accept: "text/html", "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) } });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200)
      throw new Error(`${url} answered ${res.statusCode}${res.headers.location ? ` (to ${res.headers.location})` : ""}, not 200`);
  }
}

// ---- Lighthouse ---------------------------------------------------------------------------

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lhr: Result;
}

class LighthouseRunError extends Error {}

async function lighthouseOnce(url: string, cookie?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const final = new URL(lhr.finalDisplayedUrl);
    if (final.pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended at ${lhr.finalDisplayedUrl}`);
    const score = lhr.categories.performance.score;
    if (score === null) throw new Error(`Lighthouse on ${url} gave no performance score (${lhr.runWarnings.join("; ")})`);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse on ${url}: no ${id}`);
      return value;
    };
    return {
      score: Math.round(score * 100),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      si: metric("speed-index"),
      lhr,
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is tried again, twice at most. */
async function withRetries(url: string, cookie?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt >= 3) throw error;
      console.log(`  (${error.message}; run again)`);
    }
  }
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;
const seconds = (n: number) => `${(n / 1000).toFixed(2)} s`;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The run whose score is the median's (closest LCP to the median LCP among equals). */
function medianRun(runs: Run[]): Run {
  const score = median(runs.map((r) => r.score));
  const lcp = median(runs.map((r) => r.lcp));
  return [...runs].sort(
    (a, b) => Math.abs(a.score - score) - Math.abs(b.score - score) || Math.abs(a.lcp - lcp) - Math.abs(b.lcp - lcp),
  )[0];
}

const METRICS: Array<[id: string, label: string]> = [
  ["first-contentful-paint", "FCP"],
  ["speed-index", "SI"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
];

/** Where the points went, and what Lighthouse says would save the most, in one run. */
function printCosts(lhr: Result): void {
  const refs = lhr.categories.performance.auditRefs;
  const lost = refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => {
      const audit = lhr.audits[ref.id];
      const label = METRICS.find(([id]) => id === ref.id)?.[1] ?? ref.id;
      return `${label} ${audit.displayValue ?? "?"} = ${Math.round((audit.score ?? 0) * 100)}/100 x ${ref.weight}% (-${((1 - (audit.score ?? 0)) * ref.weight).toFixed(1)})`;
    });
  console.log(`    points: ${lost.join("; ")}`);

  type Cost = { title: string; text: string; weight: number };
  const costs: Cost[] = [];
  for (const ref of refs) {
    if (ref.weight > 0 || ref.group === "metrics") continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.scoreDisplayMode === "notApplicable" || audit.scoreDisplayMode === "manual" || audit.scoreDisplayMode === "error")
      continue;
    const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const savings = Object.entries(audit.metricSavings ?? {}).filter(([, v]) => (v ?? 0) > 0);
    const savingMs = Math.max(0, details?.overallSavingsMs ?? 0, ...savings.filter(([k]) => k !== "CLS").map(([, v]) => v ?? 0));
    const failing = audit.score !== null && audit.score < 0.9;
    if (!savings.length && !savingMs && !failing) continue;
    const parts = [
      audit.displayValue,
      savings.length ? `saves ${savings.map(([k, v]) => `${k} ${k === "CLS" ? (v ?? 0).toFixed(3) : ms(v ?? 0)}`).join(", ")}` : undefined,
      details?.overallSavingsBytes ? `${kib(details.overallSavingsBytes)} less` : undefined,
    ].filter(Boolean);
    costs.push({ title: `${ref.id}`, text: parts.join("; ") || `score ${audit.score}`, weight: savingMs + (failing ? 1 : 0) });
  }
  costs.sort((a, b) => b.weight - a.weight);
  for (const cost of costs.slice(0, 14)) console.log(`    - ${cost.title}: ${cost.text}`);
  if (!costs.length) console.log("    (no opportunity or failing diagnostic)");

  // The LCP element and its phases, main-thread work by kind, and the biggest scripts' CPU time.
  const lcpElement = lhr.audits["largest-contentful-paint-element"]?.details as any;
  for (const item of lcpElement?.items ?? []) {
    if (item.type !== "table") continue;
    for (const row of item.items ?? []) {
      if (row.node) console.log(`    LCP element: ${row.node.selector ?? ""} ${String(row.node.snippet ?? "").slice(0, 120)}`);
      else if (row.phase) console.log(`      ${String(row.phase).padEnd(14)} ${ms(row.timing)} (${row.percent})`);
    }
  }
  const mainThread = (lhr.audits["mainthread-work-breakdown"]?.details as any)?.items as
    Array<{ groupLabel: string; duration: number }> | undefined;
  if (mainThread?.length)
    console.log(
      `    main thread: ${mainThread
        .slice(0, 6)
        .map((i) => `${i.groupLabel} ${ms(i.duration)}`)
        .join(", ")}`,
    );
  const bootup = (lhr.audits["bootup-time"]?.details as any)?.items as Array<{ url: string; total: number; scripting: number }> | undefined;
  if (bootup?.length)
    console.log(
      `    script CPU: ${bootup
        .slice(0, 5)
        .map((i) => `${i.url.replace(BASE, "")} ${ms(i.total)}`)
        .join(", ")}`,
    );
  const requests = (lhr.audits["network-requests"]?.details as any)?.items as
    Array<{ url: string; transferSize: number; resourceType: string }> | undefined;
  if (requests?.length) {
    const total = requests.reduce((n, r) => n + (r.transferSize ?? 0), 0);
    const byType = new Map<string, { count: number; bytes: number }>();
    for (const r of requests) {
      const entry = byType.get(r.resourceType ?? "Other") ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += r.transferSize ?? 0;
      byType.set(r.resourceType ?? "Other", entry);
    }
    const kinds = [...byType].map(([type, e]) => `${e.count} ${type} ${kib(e.bytes)}`).join(", ");
    console.log(`    requests: ${requests.length}, ${kib(total)} transferred (${kinds})`);
  }
}

// ---- the run ------------------------------------------------------------------------------

async function cleanUp(): Promise<void> {
  await Promise.all([...servers].map(stopServer));
  rmSync(dataDir, { recursive: true, force: true });
}

process.once("SIGINT", () => {
  console.error("interrupted: stopping the server");
  void cleanUp().finally(() => process.exit(130));
});

async function main(): Promise<void> {
  build();
  await startServer(
    "server.ts",
    "server.ts",
    PORT,
    { API_PORT: String(API_PORT), DATA_DIR: dataDir, SESSION_SECRET: SECRET, ...NO_RATE_LIMITS },
    "/healthz",
  );
  const cookie = PAGES.some(signedIn) ? await signedInCookie(API, dataDir, SECRET) : undefined;
  console.log(
    `Lighthouse ${createRequire(import.meta.url)("lighthouse/package.json").version}, default mobile configuration (simulated throttling), performance only, ${RUNS} runs per page, fresh headless Chrome per run (${chromePath}), over HTTP/1.1 from ${BASE}`,
  );

  const summary: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const page of PAGES) {
    const pageCookie = signedIn(page) ? cookie : undefined;
    const url = BASE + page;
    await warmUp(url, pageCookie);
    const pageStarted = performance.now();
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await withRetries(url, pageCookie));
    benchmarkIndexes.push(...runs.map((r) => r.lhr.environment.benchmarkIndex));
    const m = (key: "score" | "fcp" | "lcp" | "tbt" | "cls" | "si") => median(runs.map((r) => r[key]));
    const score = m("score");
    const mark = score >= TARGET ? "PASS" : "MISS";
    console.log();
    console.log(
      `${page}${pageCookie ? " (signed in)" : ""}: scores ${runs.map((r) => r.score).join(", ")} -> median ${score} (>= ${TARGET}: ${mark}) in ${((performance.now() - pageStarted) / 1000).toFixed(0)} s`,
    );
    console.log(
      `  median FCP ${seconds(m("fcp"))}, LCP ${seconds(m("lcp"))}, TBT ${ms(m("tbt"))}, CLS ${m("cls").toFixed(3)}, Speed Index ${seconds(m("si"))}`,
    );
    const warnings = [...new Set(runs.flatMap((r) => r.lhr.runWarnings))];
    for (const warning of warnings) console.log(`  warning: ${warning}`);
    const chosen = medianRun(runs);
    if (score < TARGET || DETAILS) {
      console.log(`  costs in run ${runs.indexOf(chosen) + 1} (score ${chosen.score}):`);
      printCosts(chosen.lhr);
    }
    if (SAVE) {
      mkdirSync(SAVE, { recursive: true });
      const file = join(SAVE, `lighthouse${page.replace(/\W+/g, "-")}.json`);
      writeFileSync(file, JSON.stringify(chosen.lhr, null, 1));
      console.log(`  run ${runs.indexOf(chosen) + 1} saved to ${file}`);
    }
    summary.push(`${page} ${score} ${mark}`);
  }

  console.log();
  console.log(`Median performance score (target >= ${TARGET}): ${summary.join(", ")}`);
  console.log(
    `Run time ${((performance.now() - started) / 1000).toFixed(0)} s; ${cpus().length} CPUs, Lighthouse benchmark index ${Math.round(Math.min(...benchmarkIndexes))}-${Math.round(Math.max(...benchmarkIndexes))}, load average at the start ${loadAtStart}, at the end ${load()}`,
  );
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
