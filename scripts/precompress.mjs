// Compresses every build asset once, at build time (brotli at max quality, gzip -9),
// so the server never spends CPU on static files.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = "build/client/assets";
const TEXT = /\.(js|css|map|json|svg|txt)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name) && !entry.name.endsWith(".map")) yield path;
  }
}

let count = 0;
for await (const file of files(root)) {
  const data = await readFile(file);
  if ((await stat(file)).size < 512) continue;
  await writeFile(file + ".br", brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(file + ".gz", gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets in ${root}`);
