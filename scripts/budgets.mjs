// First-load budgets (JavaScript 100 KB and CSS 15 KB gzip a page, no JavaScript where a page
// needs none), measured on the production build (`npm run build`).
//
// For each page: JS = what <Scripts/> loads on a document request (entry.client and its
// imports, then every matched route module, root first, and their imports; with lazy route
// discovery the manifest travels inside the page, not as a file), CSS = the stylesheets <Links/>
// puts in the head (the routes' `css` and the /assets/*.css URLs their modules link). Sizes are
// gzip -9 bytes, each file counted once. A page whose matched routes export `handle = { hydrate: false }` renders
// no <Scripts/> (see app/root.tsx), so it ships 0 JS.
//
//   node scripts/budgets.mjs           print the table
//   node scripts/budgets.mjs --check   ... and exit 1 when a page is over budget
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const JS_BUDGET = 100 * 1024;
const CSS_BUDGET = 15 * 1024;
const NO_JS_PAGES = new Set(["/privacy", "/terms", "/rules", "/download", "/offline", "/appeal"]);
const PAGES = [
  "/login",
  "/register",
  "/airdrop",
  "/team",
  "/recruit",
  "/force",
  "/swap",
  "/mine",
  "/settings",
  "/settings/sessions",
  "/campaign",
  "/map",
  "/privacy",
  "/terms",
  "/rules",
  "/download",
  "/offline",
  "/appeal",
];

const check = process.argv.includes("--check");
const CLIENT_DIR = "build/client";
const SERVER_BUILD = "build/server/index.js";

if (!existsSync(SERVER_BUILD)) throw new Error(`no ${SERVER_BUILD}: run \`npm run build\` first`);
// The server build: its assets manifest, and its route modules' `handle` as the running app sees it.
const build = await import(pathToFileURL(resolve(SERVER_BUILD)).href);

const gzipCache = new Map();
/** gzip -9 size of one built file (the .gz twin precompress.mjs wrote, when there is one). */
function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const file = join(CLIENT_DIR, url);
    const size = existsSync(file + ".gz") ? readFileSync(file + ".gz").length : gzipSync(readFileSync(file), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return gzipCache.get(url);
}

/** The route chain (root first) a document request for `page` renders, or undefined. */
function matchRoutes(routes, page) {
  const fullPath = (route) => {
    const parts = [];
    for (let r = route; r; r = routes[r.parentId]) if (r.path) parts.unshift(r.path);
    return "/" + parts.join("/");
  };
  const chain = (route) => {
    const list = [];
    for (let r = route; r; r = routes[r.parentId]) list.unshift(r);
    return list;
  };
  const hits = Object.values(routes)
    .filter((r) => r.path && !r.path.includes("*") && !r.path.includes(":") && fullPath(r) === page)
    .map(chain)
    .sort((a, b) => b.length - a.length);
  return hits[0];
}

const noHydrate = (id) => build.routes[id]?.module.handle?.hydrate === false;

function measure(manifest, page) {
  const chain = matchRoutes(manifest.routes, page);
  if (!chain) return undefined;
  const routeFiles = new Set(chain.flatMap((r) => [r.module, ...(r.imports ?? [])]));
  const hydrate = !chain.some((r) => noHydrate(r.id));
  const js = hydrate
    ? new Set([
        ...(build.future.v3_lazyRouteDiscovery ? [] : [manifest.url]),
        manifest.entry.module,
        ...manifest.entry.imports,
        ...routeFiles,
      ])
    : new Set();
  // Stylesheets: route css from the manifest, and the CSS asset URLs the route modules link.
  const css = new Set(chain.flatMap((r) => r.css ?? []));
  for (const url of routeFiles) {
    for (const m of readFileSync(join(CLIENT_DIR, url), "utf8").matchAll(/"(\/assets\/[^"]+\.css)"/g)) css.add(m[1]);
  }
  const sum = (files) => [...files].reduce((total, url) => total + gzipBytes(url), 0);
  return { routes: chain.map((r) => r.id), hydrate, js: sum(js), css: sum(css), jsFiles: js.size, cssFiles: css.size };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const rows = [];
for (const page of PAGES) {
  const result = measure(build.assets, page);
  if (!result) {
    rows.push({ page, missing: true, ok: false });
    continue;
  }
  const jsBudget = NO_JS_PAGES.has(page) ? 0 : JS_BUDGET;
  const ok = result.js <= jsBudget && result.css <= CSS_BUDGET;
  rows.push({ page, ...result, jsBudget, ok });
}

const header = ["page", "JS gzip", "CSS gzip", "budget JS / CSS", "result"];
const table = rows.map((r) =>
  r.missing
    ? [r.page, "-", "-", "-", "OVER (no route in the build)"]
    : [
        r.page,
        `${r.js} B (${kb(r.js)}${r.hydrate ? `, ${r.jsFiles} files` : ", hydrate: false"})`,
        `${r.css} B (${kb(r.css)})`,
        `${r.jsBudget} B / ${CSS_BUDGET} B`,
        r.ok
          ? "OK"
          : `OVER${r.js > r.jsBudget ? ` JS +${r.js - r.jsBudget} B` : ""}${r.css > CSS_BUDGET ? ` CSS +${r.css - CSS_BUDGET} B` : ""}`,
      ],
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => c.padEnd(widths[i]))
    .join("  ")
    .trimEnd();
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table) console.log(line(row));

const over = rows.filter((r) => !r.ok);
console.log(
  over.length === 0
    ? `budgets: all ${rows.length} pages within budget (JS <= ${JS_BUDGET} B gzip, 0 on ${[...NO_JS_PAGES].join(" ")}; CSS <= ${CSS_BUDGET} B gzip)`
    : `budgets: ${over.length} of ${rows.length} pages OVER budget: ${over.map((r) => r.page).join(", ")}`,
);
if (check && over.length > 0) process.exit(1);
