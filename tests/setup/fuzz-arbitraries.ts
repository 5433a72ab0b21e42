/**
 * What the fuzz tests (tests/api/fuzz.test.ts, tests/app/fuzz.test.ts) throw at the service:
 * text that has broken parsers before, numbers at and past every limit, JSON of the wrong shape
 * or no JSON at all, query strings, path segments, multipart bodies and headers a client may send.
 */
import fc from "fast-check";
import { expect } from "vitest";
import { z } from "zod";
import { LANGUAGE_CODES } from "#contract/languages.ts";

// Beside expectNoLeak's patterns (tests/api/helpers.ts): a JS error's name, and SQL and driver
// words. None of them occurs in a catalogue message, a translation key or the fuzzers' own text.
const MORE_LEAKS = [
  / {4}at /,
  /\b[A-Z]\w*Error: /,
  /\bError: /,
  /\bselect /i,
  /\binsert into\b/i,
  /\bviolates\b/i,
  /\bduplicate key\b/i,
  /\bsyntax error at\b/i,
];

export function expectNoInternals(raw: string): void {
  for (const pattern of MORE_LEAKS) expect(raw, `response leaks ${pattern}`).not.toMatch(pattern);
}

/**
 * Text that has broken parsers before: empty and blank, NUL and controls, lone surrogates,
 * right-to-left text and bidi overrides, emoji sequences, combining marks, look-alike digits,
 * JavaScript's own property names, injection attempts, broken percent-escapes, paths.
 */
const NASTY_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "\r\n",
  "\t",
  "\uD800",
  "\uDFFFx",
  "\uFEFF",
  "\uFFFD",
  "مرحبا بالعالم",
  "שלום",
  "اُردو زبان",
  "\u202Egnp.exe\u202C",
  "\u200F\u200E\u200B",
  "😀",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "ｆｕｌｌ１２３",
  "١٢٣",
  "İıß",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "0x1F",
  "1.5",
  " 7 ",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "'; drop table users; --",
  '" or "1"="1',
  "$1",
  "%s%n%x",
  "{{7*7}}${7*7}",
  "<script>alert(1)</script>",
  "%00",
  "%",
  "%zz",
  "%E0%A4%A",
  "%C0%AF",
  "+",
  "&",
  "=",
  "a=b&c=%",
  "../../etc/passwd",
  "//evil.example",
  "/\\evil.example",
  "\\",
  '"',
  "'",
  "`",
];

/** Big text: one character (of 1 to 4 UTF-8 bytes) repeated, some past the API's 64 KB body limit. */
const hugeText = fc
  .tuple(fc.constantFrom("x", "é", "ع", "😀", "\u0000", "%", " "), fc.integer({ min: 200, max: 20_000 }))
  .map(([c, n]) => c.repeat(n));

/** Any code points (one arbitrary, shared: fast-check builds a large table for it once). */
const anyCodePoints = fc.string({ unit: "binary", maxLength: 40 });

/** Any text, weighted towards the nasty. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXT), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 2 },
  { arbitrary: anyCodePoints, weight: 2 },
  { arbitrary: fc.array(fc.constantFrom(...NASTY_TEXT), { minLength: 2, maxLength: 6 }).map((a) => a.join("")), weight: 2 },
  { arbitrary: hugeText, weight: 1 },
);

/** Numbers at and past the limits a schema or a column may have: int4, safe integers, floats, signs. */
const BOUNDARIES = [
  0,
  -0,
  1,
  -1,
  2,
  3,
  5,
  6,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  2 ** 64,
  1e21,
  1e308,
  -1e308,
  5e-324,
  0.5,
  1.0000001,
];

const number: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BOUNDARIES) },
  { weight: 2, arbitrary: fc.integer({ min: -10, max: 100 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
);

/** A number as a client may type it into a query, a path or a form: digits, signs, exponents, widths. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: number.map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "",
      "1e3",
      "0x10",
      "0b1",
      "007",
      "+1",
      " 1",
      "1 ",
      "1.0",
      "1,000",
      "１",
      "٣",
      "9".repeat(400),
      "-0",
      "NaN",
      "Infinity",
      "1e-400",
    ),
  },
);

/** Any JSON value: scalars, arrays, objects, nested a few levels. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom("__proto__", "constructor", "a")), tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** JSON nested far deeper than any schema goes. */
const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 3_000 }), fc.constantFrom("array", "object"))
  .map(([n, kind]) => (kind === "array" ? "[".repeat(n) + "]".repeat(n) : '{"a":'.repeat(n) + "1" + "}".repeat(n)));

/** Text that is not JSON, or not quite. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "{bad",
    "[1,2",
    '{"a":1}}',
    "{'a': 1}",
    '{"a": undefined}',
    '{"a": NaN}',
    "nul\u0000l",
    "\uFEFF{}",
    '{"a":1,}',
    '{"__proto__": {"polluted": 1}}',
    '{"constructor": {"prototype": {"polluted": 1}}}',
    '{"a":1e999999}',
    '{"a":123456789012345678901234567890}',
    '"\\ud800"',
    "\u0000",
  ),
  jsonValue
    .map((v) => JSON.stringify(v) ?? "")
    .chain((json) => fc.nat({ max: Math.max(json.length - 1, 0) }).map((cut) => json.slice(0, cut))),
  anyCodePoints,
);

type Shape = Record<string, z.ZodType>;

/** The fields of an object schema (none for anything else). */
export function shapeOf(schema: z.ZodType | undefined): Shape {
  return schema instanceof z.ZodObject ? (schema.shape as Shape) : {};
}

/** The schema under optional, nullable, default and coercion: the one that judges the value. */
function leafOf(field: z.ZodType): z.ZodType {
  const def = field._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") return leafOf(def.innerType!);
  return def.type === "pipe" ? leafOf(def.in!) : field;
}

/** Values inside a schema's bounds and just past them, read from its JSON Schema: enum members, small and edge integers, lengths. */
function boundedBy(leaf: z.ZodType): fc.Arbitrary<unknown> | undefined {
  const json = z.toJSONSchema(leaf, { io: "input", unrepresentable: "any" }) as {
    type?: string;
    enum?: unknown[];
    minimum?: number;
    exclusiveMinimum?: number;
    maximum?: number;
    maxLength?: number;
  };
  if (json.enum) return fc.constantFrom(...json.enum);
  if (json.type === "integer" || json.type === "number") {
    const min = json.minimum ?? (json.exclusiveMinimum === undefined ? undefined : json.exclusiveMinimum + 1);
    const max = json.maximum;
    // Ids and counts are small: the hundred values from the least one allowed (or from -10).
    const low = Math.max(min ?? -10, -(2 ** 31));
    const inside = fc.integer({ min: low, max: Math.min(max ?? low + 100, low + 100, 2 ** 31 - 1) });
    const edges = [...(min === undefined ? [] : [min - 1, min]), ...(max === undefined ? [] : [max, max + 1])];
    return edges.length ? fc.oneof({ arbitrary: inside, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 1 }) : inside;
  }
  if (json.type === "string" && json.maxLength !== undefined) {
    return fc.oneof(
      { arbitrary: fc.string({ maxLength: Math.min(json.maxLength, 40) }), weight: 3 },
      { arbitrary: fc.constantFrom("x".repeat(json.maxLength), "é".repeat(json.maxLength + 1)), weight: 1 },
    );
  }
  return json.type === "string" ? fc.string({ maxLength: 40 }) : undefined;
}

/** A value a field may get: one its schema takes or just misses (so inputs get past the first check), a live one, or anything. */
function valueFor(field: z.ZodType, live: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const near = boundedBy(leafOf(field));
  return fc.oneof(
    { arbitrary: near ?? jsonValue, weight: 8 },
    { arbitrary: live, weight: 2 },
    { arbitrary: fc.oneof(text, number), weight: 1 },
    { arbitrary: jsonValue, weight: 1 },
  );
}

/**
 * An object for a schema: its fields with values it takes or just misses (optional ones now and
 * then), or with any values and some fields missing; and maybe fields it does not know.
 */
function objectFor(schema: z.ZodType | undefined, live: fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(shapeOf(schema));
  const required = fields.filter(([, field]) => !field.safeParse(undefined).success).map(([key]) => key);
  const likely = fc.record(
    Object.fromEntries(
      fields.map(([key, field]) => [
        key,
        fc.oneof({ arbitrary: boundedBy(leafOf(field)) ?? jsonValue, weight: 3 }, { arbitrary: live, weight: 1 }),
      ]),
    ),
    { requiredKeys: required },
  );
  const mixed = fc.record(Object.fromEntries(fields.map(([key, field]) => [key, valueFor(field, live)])), { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(text, fc.constantFrom("__proto__", "constructor", "id", "user_id")), jsonValue, { maxKeys: 3 });
  return fc.tuple(fc.oneof(likely, mixed), fc.option(extra, { freq: 3 })).map(([known, unknown]) => ({ ...(unknown ?? {}), ...known }));
}

/** A JSON body's text: the schema's object, the same object in the wrong wrapping, any JSON, deep JSON, broken JSON. */
export function jsonBodyText(schema: z.ZodType | undefined, live: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const object = objectFor(schema, live);
  return fc.oneof(
    { arbitrary: object.map((o) => JSON.stringify(o)), weight: 12 },
    { arbitrary: object.map((o) => JSON.stringify([o])), weight: 1 },
    { arbitrary: object.map((o) => JSON.stringify(JSON.stringify(o))), weight: 1 },
    { arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? "null"), weight: 3 },
    { arbitrary: deepJson, weight: 1 },
    { arbitrary: brokenJson, weight: 2 },
  );
}

/** Content types a body may come with: right, nearly right, wrong, broken, none. */
export const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=utf-16",
  "application/json;;;",
  "application/jsonx",
  "application/vnd.api+json",
  "text/plain",
  "text/plain;charset=UTF-8",
  "text/html",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/octet-stream",
  "image/png",
  "*/*",
  "; ;",
  "",
];

/** A name a client may give a query key, a form field or a multipart part. */
export function keyFrom(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: text, weight: 1 });
}

/** What the web app and the native apps put in a query. */
const PLAIN_VALUE = fc.constantFrom(
  "web",
  "android",
  "ios",
  "1",
  "2",
  "0",
  "-1",
  "999999999",
  "1234567890",
  ...LANGUAGE_CODES,
  "zh_CN",
  "xx",
  "en-US",
);

/** A query value: what the web app or the native apps send, numbers, any text. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(PLAIN_VALUE, numberText, text);

/**
 * `key=value&…` text: pairs as a client sends them (a key may repeat; the route's own fields come
 * up most, with values their schema takes or just misses), pairs with any values, or raw text no
 * encoder made.
 */
export function queryText(keys: readonly string[], live: fc.Arbitrary<string>, own: Shape = {}): fc.Arbitrary<string> {
  const likely = PLAIN_VALUE;
  const any = fc.oneof({ arbitrary: queryValue, weight: 3 }, { arbitrary: numberText, weight: 2 }, { arbitrary: live, weight: 1 });
  const ownPair = Object.entries(own).map(([key, field]) =>
    fc.tuple(
      fc.constant(key),
      valueFor(field, live).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""))),
    ),
  );
  const pair = (value: fc.Arbitrary<string>) =>
    fc.oneof({ arbitrary: fc.tuple(keyFrom(keys), value), weight: 2 }, ...ownPair.map((arbitrary) => ({ arbitrary, weight: 1 })));
  const pairs = (value: fc.Arbitrary<string>) => fc.array(pair(value), { maxLength: 8 });
  // A client names each key once; a repeated key (a list to the API) is for the garbage below.
  const once = fc.uniqueArray(pair(likely), { selector: ([key]) => key, maxLength: 8 });
  return fc.oneof(
    { arbitrary: fc.constant(""), weight: 1 },
    { arbitrary: once.map((p) => new URLSearchParams(p).toString()), weight: 4 },
    { arbitrary: pairs(any).map((p) => new URLSearchParams(p).toString()), weight: 4 },
    { arbitrary: pairs(any).map((p) => p.map(([k, v]) => `${asciiOnly(k)}=${asciiOnly(v)}`).join("&")), weight: 1 },
    {
      arbitrary: fc.constantFrom("&&&", "=", "==&=", "a", "%", "a=%zz", "a[b]=c", "a[]=1&a[]=2", "__proto__[x]=1", "?", "#frag"),
      weight: 1,
    },
  );
}

/** Printable ASCII of a text (what may stand raw in a URL or a header). */
export function asciiOnly(s: string): string {
  return s.replace(/[^\x21-\x7e]/g, "").replace(/#/g, "");
}

/** Percent-encodes any text, lone surrogates too (as the UTF-8 of U+FFFD, like a browser). */
function encodeSegment(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

/** A path segment: an id as digits (or not), any text encoded, or text that is not a valid escape. */
export function pathSegment(live: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: numberText.map(encodeSegment), weight: 4 },
    { arbitrary: live, weight: 2 },
    { arbitrary: text.map(encodeSegment), weight: 2 },
    { arbitrary: fc.constantFrom("%", "%zz", "%2F", "%00", "...", ".x", "-1", "0", "1.5", "%F0%9F", "a%2Fb"), weight: 1 },
  );
}

/** One part of a multipart body: a field or a file, with any name, type and bytes. */
export interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: string | Uint8Array;
}

/** A 1x1 PNG: a picture every decoder reads. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const MAGIC = [
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
  new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "),
  new TextEncoder().encode("GIF89a"),
  new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'),
];

/** Bytes of a file: a real picture, random bytes, or random bytes after a picture's first bytes. */
const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.constant(new Uint8Array(TINY_PNG)),
  fc
    .tuple(fc.option(fc.constantFrom(...MAGIC)), fc.uint8Array({ maxLength: 2_000 }))
    .map(([head, rest]) => new Uint8Array([...(head ?? []), ...rest])),
);

/** A file part, named from `names`. */
export function filePart(names: fc.Arbitrary<string>): fc.Arbitrary<Part> {
  return fc.record(
    {
      name: names,
      filename: fc.oneof(fc.constant("avatar.png"), text),
      type: fc.constantFrom("image/png", "image/jpeg", "image/webp", "text/plain", "application/octet-stream", ""),
      value: fileBytes,
    },
    { requiredKeys: ["name", "value"] },
  );
}

/** Up to seven parts, fields and files, named mostly from `names`. */
export function partsFrom(names: readonly string[], values: fc.Arbitrary<string>): fc.Arbitrary<Part[]> {
  return fc.array(fc.oneof(fc.record({ name: keyFrom(names), value: values }), filePart(keyFrom(names))), { maxLength: 7 });
}

function headerSafe(s: string): string {
  return s.replace(/[\r\n"]/g, "_");
}

function multipartBody(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${headerSafe(part.name)}"${part.filename !== undefined ? `; filename="${headerSafe(part.filename)}"` : ""}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`),
    );
    chunks.push(Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart body by hand: a boundary that may not be the declared one (or none declared), parts that may be cut off. */
export function rawMultipart(parts: fc.Arbitrary<Part[]>): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  return fc
    .record({
      parts,
      boundary: fc.oneof(fc.constant("fuzzboundary"), fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/)),
      declared: fc.oneof(
        { arbitrary: fc.constant("same"), weight: 3 },
        { arbitrary: fc.constantFrom("other", "none", "quoted"), weight: 1 },
      ),
      cut: fc.option(fc.nat(), { freq: 4 }),
    })
    .map(({ parts, boundary, declared, cut }) => {
      const whole = multipartBody(parts, boundary);
      const body = cut === null ? whole : whole.subarray(0, cut % (whole.length + 1));
      const contentType =
        declared === "same"
          ? `multipart/form-data; boundary=${boundary}`
          : declared === "quoted"
            ? `multipart/form-data; boundary="${boundary}"`
            : declared === "other"
              ? "multipart/form-data; boundary=not-the-one"
              : "multipart/form-data";
      return { contentType, body };
    });
}
