import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

type Dict = { [key: string]: string | Dict };

function flatten(dict: Dict, prefix = ""): Record<string, string> {
  return Object.fromEntries(
    Object.entries(dict).flatMap(([k, v]) => (typeof v === "string" ? [[prefix + k, v]] : Object.entries(flatten(v, `${prefix}${k}.`)))),
  );
}

/** Every string of a language as `namespace:key.path` → text, read from locales/<lng>/*.json. */
export function loadLocale(lng: string): Record<string, string> {
  const dir = join("locales", lng);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .flatMap((f) =>
        Object.entries(flatten(JSON.parse(readFileSync(join(dir, f), "utf8")))).map(([k, v]) => [`${f.slice(0, -5)}:${k}`, v]),
      ),
  );
}
