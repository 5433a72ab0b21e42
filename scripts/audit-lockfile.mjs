// Checks package-lock.json against the pinned advisory list in security/advisories.json.
//
// `npm audit` needs the registry's advisory service, which this project's machines cannot
// reach, so the advisories are reviewed by hand and kept in the repository. This script only
// reads files: no network, no npm call.
//
//   node scripts/audit-lockfile.mjs [--omit=dev] [--level low|moderate|high|critical]
//                                   [--lockfile <path>] [--advisories <path>] [--today <yyyy-mm-dd>]
//
// Exit 0: nothing at or above --level (default moderate), and no build-only package in the
// production tree. Exit 1: at least one such finding. Exit 2: bad arguments or unreadable input.
import { readFileSync } from "node:fs";
import semver from "semver";

/**
 * Packages that only build or test the app. They must stay out of the production tree
 * (what `npm ci --omit=dev` installs): they are large, several of them run dev servers or
 * compilers that have had advisories, and nothing in `npm run serve` needs them. TypeScript
 * is not listed: Remix's runtime packages name it as an optional peer, so npm installs it
 * with `--omit=dev` whatever we do, and nothing loads it at run time.
 */
const BUILD_ONLY = ["@remix-run/dev", "vite", "drizzle-kit", "@playwright/test", "vitest", "@babel/core"];

const SEVERITIES = ["low", "moderate", "high", "critical"];
/** A pinned list silently goes out of date; after this many days the summary says so. */
const REVIEW_MAX_AGE_DAYS = 90;

function usage(message) {
  console.error(`audit-lockfile: ${message}`);
  console.error(
    "usage: node scripts/audit-lockfile.mjs [--omit=dev] [--level low|moderate|high|critical] " +
      "[--lockfile <path>] [--advisories <path>] [--today <yyyy-mm-dd>]",
  );
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    omitDev: false,
    level: "moderate",
    lockfile: "package-lock.json",
    advisories: "security/advisories.json",
    today: new Date().toISOString().slice(0, 10),
  };
  for (let i = 0; i < argv.length; i++) {
    // Accept both `--flag value` and `--flag=value`, as npm does.
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === "--omit") {
      const what = value();
      if (what !== "dev") usage(`only --omit=dev is supported, not --omit=${what}`);
      options.omitDev = true;
    } else if (flag === "--level") options.level = value();
    else if (flag === "--lockfile") options.lockfile = value();
    else if (flag === "--advisories") options.advisories = value();
    else if (flag === "--today") options.today = value();
    else usage(`unknown argument ${argv[i]}`);
  }
  if (!SEVERITIES.includes(options.level)) usage(`--level must be one of ${SEVERITIES.join(", ")}`);
  if (!isDate(options.today)) usage("--today must be a date like 2026-11-23");
  return options;
}

function isDate(text) {
  return typeof text === "string" && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));
}

function readJson(path, what) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    console.error(`audit-lockfile: cannot read ${what} ${path}: ${error.message}`);
    process.exit(2);
  }
}

/**
 * A typo in the list would make an advisory match nothing and pass silently, so every entry
 * is checked before anything else.
 */
function loadAdvisories(path) {
  const doc = readJson(path, "advisory list");
  const problems = [];
  if (!isDate(doc.reviewed)) problems.push(`"reviewed" must be a date like 2026-11-23`);
  if (!Array.isArray(doc.advisories)) problems.push(`"advisories" must be a list`);
  for (const [i, a] of (doc.advisories ?? []).entries()) {
    const where = `advisories[${i}] ${a.id ?? "(no id)"}`;
    if (!/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d{4,})$/.test(a.id ?? "")) problems.push(`${where}: id is not a GHSA or CVE id`);
    if (typeof a.package !== "string" || !a.package) problems.push(`${where}: no package`);
    if (!semver.validRange(a.vulnerable ?? "")) problems.push(`${where}: "vulnerable" is not a semver range`);
    if (!SEVERITIES.includes(a.severity)) problems.push(`${where}: severity must be one of ${SEVERITIES.join(", ")}`);
  }
  for (const [i, a] of (doc.accepted ?? []).entries()) {
    const where = `accepted[${i}] ${a.id ?? "(no id)"}`;
    if (!a.id || !a.package) problems.push(`${where}: needs id and package`);
    if (a.scope !== "dev" && a.scope !== "all") problems.push(`${where}: scope must be "dev" or "all"`);
    if (!isDate(a.until)) problems.push(`${where}: "until" must be a date`);
    if (!a.reason) problems.push(`${where}: needs a reason`);
  }
  if (problems.length) {
    console.error(`audit-lockfile: ${path} is not valid:\n  ${problems.join("\n  ")}`);
    process.exit(2);
  }
  return { reviewed: doc.reviewed, advisories: doc.advisories, accepted: doc.accepted ?? [] };
}

/** The installed packages of a lockfile v2/v3, with the name npm installs them under. */
function loadPackages(path) {
  const lock = readJson(path, "lockfile");
  if (!lock.packages || typeof lock.packages !== "object") {
    console.error(`audit-lockfile: ${path} has no "packages" map (lockfileVersion 2 or 3 is needed)`);
    process.exit(2);
  }
  const root = lock.packages[""] ?? {};
  const entries = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    // "" is the project itself; links point at a folder whose own entry is listed too.
    if (path === "" || entry.link) continue;
    // An aliased install (`"esbuild-0.17": "npm:esbuild@0.17.6"`) records the real name in "name";
    // otherwise the name is the path after the last node_modules/ (a workspace folder has "name").
    const at = path.lastIndexOf("node_modules/");
    const name = entry.name ?? (at === -1 ? path : path.slice(at + "node_modules/".length));
    // npm --omit=dev drops "dev" entries only: "devOptional" ones are also reachable through an
    // optional (or optional peer) dependency of the production tree and are still installed.
    entries.push({ path, name, version: entry.version, entry, production: entry.dev !== true });
  }
  return { root, entries };
}

/**
 * For an advisory fixed on several release lines ("5.4.21, 6.4.1"), the first fix above this
 * version, marked "(major)" when it is outside the ^ range of what is installed: that fix
 * cannot come from a lockfile refresh alone.
 */
function fixedFor(advisory, version) {
  const text = advisory.fixed == null ? "" : String(advisory.fixed);
  const next = text
    .split(/[\s,|]+/)
    .filter((v) => semver.valid(v))
    .sort(semver.compare)
    .find((v) => semver.gt(v, version));
  if (!next) return text || "none";
  return semver.satisfies(next, `^${version}`, { includePrerelease: true }) ? next : `${next} (major)`;
}

/** Which production entries pull a build-only package in, so the finding says where to look. */
function pulledInBy(name, root, entries) {
  const why = [];
  if (root.dependencies?.[name]) why.push("package.json dependencies");
  if (root.optionalDependencies?.[name]) why.push("package.json optionalDependencies");
  for (const other of entries) {
    if (!other.production) continue;
    const e = other.entry;
    if (e.dependencies?.[name] || e.optionalDependencies?.[name]) why.push(other.name);
    else if (e.peerDependencies?.[name]) why.push(`${other.name} (${e.peerDependenciesMeta?.[name]?.optional ? "optional " : ""}peer)`);
  }
  return [...new Set(why)];
}

function daysBetween(from, to) {
  return Math.floor((Date.parse(to) - Date.parse(from)) / 86_400_000);
}

function printTable(rows) {
  const header = ["path", "version", "advisory", "severity", "fixed in", "status"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(row));
}

const options = parseArgs(process.argv.slice(2));
const { reviewed, advisories, accepted } = loadAdvisories(options.advisories);
const { root, entries } = loadPackages(options.lockfile);
const checked = entries.filter((p) => p.production || !options.omitDev);
const threshold = SEVERITIES.indexOf(options.level);

const byPackage = new Map();
for (const advisory of advisories) {
  if (!byPackage.has(advisory.package)) byPackage.set(advisory.package, []);
  byPackage.get(advisory.package).push(advisory);
}

const findings = [];
const unchecked = [];
const usedAcceptances = new Set();
for (const pkg of checked) {
  const candidates = byPackage.get(pkg.name);
  if (!candidates) continue;
  // git/file/tarball installs have no registry version to compare; say so rather than pass them.
  if (!semver.valid(pkg.version)) {
    unchecked.push(pkg);
    continue;
  }
  for (const advisory of candidates) {
    // includePrerelease: a prerelease of a vulnerable line (2.0.0-beta.1 against "<2.0.1") is
    // just as vulnerable; without it semver would skip every prerelease.
    if (!semver.satisfies(pkg.version, advisory.vulnerable, { includePrerelease: true })) continue;
    const severe = SEVERITIES.indexOf(advisory.severity) >= threshold;
    // An acceptance holds only until its date, and one with scope "dev" only for dev copies: a
    // vulnerable copy that reaches production, or an acceptance nobody renewed, fails again.
    const acceptance = accepted.find((a) => a.id === advisory.id && a.package === pkg.name);
    let status = severe ? "FAIL" : "below level";
    if (acceptance && severe) {
      if (pkg.production && acceptance.scope !== "all") status = "FAIL (acceptance is dev-only)";
      else if (options.today > acceptance.until) status = `FAIL (acceptance ended ${acceptance.until})`;
      else {
        status = `accepted until ${acceptance.until}`;
        usedAcceptances.add(acceptance);
      }
    }
    findings.push({ pkg, advisory, status, fails: status.startsWith("FAIL") });
  }
}

// Build-only packages: a lockfile entry without "dev": true is installed by `npm ci --omit=dev`.
const buildOnlyInProduction = entries.filter((p) => BUILD_ONLY.includes(p.name) && p.production);

if (findings.length) {
  const order = (f) => -SEVERITIES.indexOf(f.advisory.severity);
  findings.sort((a, b) => order(a) - order(b) || a.pkg.path.localeCompare(b.pkg.path));
  printTable(
    findings.map((f) => [
      f.pkg.path + (f.pkg.production ? "" : " (dev)"),
      f.pkg.version,
      f.advisory.id,
      f.advisory.severity,
      fixedFor(f.advisory, f.pkg.version),
      f.status,
    ]),
  );
  const titles = new Set(findings.filter((f) => f.fails).map((f) => `  ${f.advisory.id} ${f.pkg.name}: ${f.advisory.title}`));
  for (const title of titles) console.log(title);
  console.log("");
}

for (const pkg of buildOnlyInProduction) {
  const flag = pkg.entry.devOptional ? "devOptional" : "no dev flag";
  const why = pulledInBy(pkg.name, root, entries);
  console.log(
    `build-only package in the production tree: ${pkg.path} ${pkg.version} (${flag}` +
      `${why.length ? `; required by ${why.slice(0, 5).join(", ")}${why.length > 5 ? ", ..." : ""}` : ""})`,
  );
}
for (const pkg of unchecked) console.log(`warning: ${pkg.path} has no semver version (${pkg.version}); not checked`);
for (const a of accepted.filter((x) => !usedAcceptances.has(x))) {
  // Only reported when a run covers the dev tree; with --omit=dev every acceptance is unused.
  if (!options.omitDev) console.log(`note: acceptance ${a.id} (${a.package}) matched nothing; remove it from ${options.advisories}`);
}

const count = (prefix) => findings.filter((f) => f.status.startsWith(prefix)).length;
const failing = count("FAIL") + buildOnlyInProduction.length;
const age = daysBetween(reviewed, options.today);
console.log(
  `audit-lockfile: ${checked.length} packages checked${options.omitDev ? " (production tree)" : ""}, ` +
    `${advisories.length} advisories known, ${findings.length} findings ` +
    `(${count("FAIL")} failing at --level ${options.level}, ${count("accepted")} accepted, ${count("below")} below level), ` +
    `${buildOnlyInProduction.length} build-only in production, advisories reviewed ${reviewed}`,
);
if (age > REVIEW_MAX_AGE_DAYS) {
  console.log(
    `warning: the advisory list was reviewed ${age} days ago (over ${REVIEW_MAX_AGE_DAYS}); ` +
      "review it again (docs/dependencies.md) or run `npm audit` where the registry's advisory service is reachable",
  );
}
// exitCode rather than exit(): let a piped stdout drain before the process ends.
process.exitCode = failing > 0 ? 1 : 0;
