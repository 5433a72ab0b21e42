// Writes the service worker and the offline page's script into the client build (decision 042):
// build/client/sw.js is app/features/offline/sw.js with its BUILD line filled in (a version made
// from everything it serves, and the files it keeps), build/client/offline.js a copy of
// app/features/offline/offline-figures.js. Run after `remix vite:build`.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CLIENT_DIR = "build/client";
const SOURCE_DIR = "app/features/offline";
// The build's own twins of each asset (precompress.mjs) and source maps are never asked for by a page.
const NOT_SERVED = /\.(br|gz|map)$/;
/** Files of public/ (not named by their content) the offline page shows or asks for. */
const PUBLIC_FILES = ["/offline.js", "/favicon.ico", "/icon.svg", "/manifest.webmanifest"];
const BUILD_LINE = /^const BUILD = .*;$/m;

const offlineScript = readFileSync(join(SOURCE_DIR, "offline-figures.js"));
writeFileSync(join(CLIENT_DIR, "offline.js"), offlineScript);

const assets = readdirSync(join(CLIENT_DIR, "assets"))
  .filter((name) => !NOT_SERVED.test(name))
  .sort()
  .map((name) => `/assets/${name}`);
const files = PUBLIC_FILES.filter((path) => existsSync(join(CLIENT_DIR, path)));

const template = readFileSync(join(SOURCE_DIR, "sw.js"), "utf8");
if (!BUILD_LINE.test(template)) throw new Error(`${SOURCE_DIR}/sw.js has no \`const BUILD = …;\` line to fill in`);
// Asset names change with their content; the other files and the worker itself are hashed here.
const hash = createHash("sha256").update(template).update(assets.join("\n"));
for (const path of files) hash.update(readFileSync(join(CLIENT_DIR, path)));
const version = hash.digest("hex").slice(0, 12);

const worker = template.replace(BUILD_LINE, `const BUILD = ${JSON.stringify({ version, assets, files })};`);
writeFileSync(join(CLIENT_DIR, "sw.js"), worker);
console.log(`service worker ${version}: ${assets.length} assets and ${files.length} other files kept`);
