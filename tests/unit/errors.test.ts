import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ERROR_CODES, ERROR_MESSAGES, ErrorCode, isKnownErrorCode } from "#contract/errors.ts";

const read = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;

describe("the error-code catalogue", () => {
  test("codes are unique integers, names map one to one", () => {
    expect(ERROR_CODES.length).toBe(Object.keys(ErrorCode).length);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      expect(Number.isInteger(code)).toBe(true);
      expect(code).toBeGreaterThan(0);
    }
  });

  test("every code has a non-empty English message and no message lacks a code", () => {
    for (const code of ERROR_CODES) {
      const message = ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES];
      expect(message, String(code)).toBeTypeOf("string");
      expect(message.trim().length, String(code)).toBeGreaterThan(0);
    }
    expect(Object.keys(ERROR_MESSAGES).map(Number).sort()).toEqual([...ERROR_CODES].sort());
  });

  test("the codes the native apps know keep their numbers", () => {
    expect(ErrorCode.networkNoBody).toBe(200007);
    expect(ErrorCode.serverMessage).toBe(200011);
    expect(ErrorCode.wrongCode).toBe(300007);
    expect(ErrorCode.emailNotFound).toBe(300012);
    expect(ErrorCode.invalidEmail).toBe(300027);
    expect(ErrorCode.emailRegistered).toBe(300033);
  });

  test("isKnownErrorCode", () => {
    for (const code of ERROR_CODES) expect(isKnownErrorCode(code)).toBe(true);
    for (const code of [0, 1, 200, 999999, -200007, 200007.5]) expect(isKnownErrorCode(code)).toBe(false);
  });
});

describe("error -> toast mapping (locales/<lng>/errors.json)", () => {
  const en = read("locales/en/errors.json");

  test("every code has an English toast text", () => {
    const missing = ERROR_CODES.filter((code) => typeof en[String(code)] !== "string" || !(en[String(code)] as string).trim());
    expect(missing).toEqual([]);
  });

  test("the fallbacks for unknown codes and no network exist and use the code", () => {
    expect(en.unknown).toMatch(/\{\{code\}\}/);
    expect(en.offline).toBeTypeOf("string");
  });

  test("no toast text for a code the catalogue does not have", () => {
    const stray = Object.keys(en).filter((key) => /^\d+$/.test(key) && !isKnownErrorCode(Number(key)));
    expect(stray).toEqual([]);
  });
});

describe("toast and text keys the web app names exist in English", () => {
  // Toasts travel as `{key: "ns:path"}` and are translated at render time, never as finished text;
  // every "ns:path" literal in app/ must resolve in locales/en.
  const NAMESPACES = readdirSync("locales/en")
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5));
  const literal = new RegExp(`["'\`](${NAMESPACES.join("|")}):([\\w.]+)["'\`]`, "g");
  const sources = readdirSync("app", { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
  const keys = sources.flatMap((file) =>
    [...readFileSync(join("app", file), "utf8").matchAll(literal)].map((m) => ({ file, ns: m[1], path: m[2] })),
  );

  test("the success toasts are among them", () => {
    const named = keys.map((k) => `${k.ns}:${k.path}`);
    for (const key of ["auth:codeSent", "auth:welcomeBack", "auth:registered", "auth:loggedOut"]) expect(named).toContain(key);
  });

  test("each key is translated (a count's key by its plural forms)", () => {
    const missing = keys.filter(({ ns, path }) => {
      const bundle = read(join("locales/en", `${ns}.json`));
      const at = (p: string) => p.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
      return typeof at(path) !== "string" && typeof at(`${path}_other`) !== "string";
    });
    expect(missing).toEqual([]);
  });
});
