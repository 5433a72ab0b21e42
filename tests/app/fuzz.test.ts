/**
 * Property-based fuzzing of every web-app action (each module under app/routes that exports one,
 * found the way the Remix compiler finds routes, so a new action is fuzzed as soon as it exists):
 * garbage form posts, signed in and signed out, with each known `intent` among random fields,
 * repeated and huge fields, unicode, broken percent-escapes, multipart bodies, and bodies that
 * are no form at all (server.ts refuses those before Remix; an action reached directly must still
 * answer them). An action may answer anything below 500, or throw a Response (a redirect, a 4xx);
 * nothing else may escape it, and no answer may carry a stack trace or SQL.
 *
 * Inputs per action: 100 in `npm test` (20 on PostgreSQL), 1,000 (200) in `npm run test:deep`
 * (tests/setup/fuzz-size.ts: FUZZ_RUNS sets them, FUZZ_SEED replays the seed a failure or the summary names).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { issueToken } from "#api/src/domain/accounts/tokens.ts";
import { expectNoLeak } from "../api/helpers.ts";
import * as gen from "../setup/fuzz-arbitraries.ts";
import { fuzzParameters, fuzzRuns, fuzzSizeSaid } from "../setup/fuzz-size.ts";
import { signUp } from "../setup/test-api.ts";
import { type Jar, ORIGIN, run, signUpThroughApp, startBff } from "./harness.ts";

const RUNS = fuzzRuns({ small: 100, full: 1_000, postgres: { small: 20, full: 200 } });

type Action = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

interface ActionRoute {
  id: string;
  /** The URL path pattern: `swap/:exchangeId`, `*`. */
  path: string;
  action: Action;
}

/** Every route module under app/routes that exports an action, with its full path (layouts' paths included). */
async function actionRoutes(): Promise<ActionRoute[]> {
  const { UNSAFE_flatRoutes } = await import("@remix-run/dev");
  const manifest = UNSAFE_flatRoutes("app", ["**/.*"]);
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const found: ActionRoute[] = [];
  for (const route of Object.values(manifest)) {
    const module = (await import(/* @vite-ignore */ pathToFileURL(resolve("app", route.file)).href)) as { action?: Action };
    if (module.action) found.push({ id: route.id, path: fullPath(route.id), action: module.action });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [readFileSync(path, "utf8")] : [];
  });
}

const matches = (source: string, pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[1]);

/**
 * The intents and field names the app knows, read from its source: buttons' `name="intent"
 * value=…`, intent tables' keys, the intents an action compares with, and every field read.
 */
function knownNames(): { intents: string[]; fields: string[] } {
  const source = sourcesUnder("app").join("\n");
  const intents = [
    ...matches(source, /name="intent"\s+value="(\w+)"/g),
    ...matches(source, /^\s+(\w+): intent\(/gm),
    ...matches(source, /(?:chosen|field\(form, "intent"\)) === "(\w+)"/g),
  ];
  const fields = [
    ...matches(source, /field\(form, "(\w+)"\)/g),
    ...matches(source, /form\.get\("(\w+)"\)/g),
    ...matches(source, /\sname="(\w+)"/g),
  ];
  return { intents: [...new Set(intents)].sort(), fields: [...new Set(fields)].sort() };
}

// The route modules read the settings startBff() sets, and the tests are made from the routes found.
const api = await startBff();
const session = await import("#app/utils/session.server.ts");
const routes = await actionRoutes();
const names = knownNames();
/** Real codes of another user (an exchange, gift boxes, the invite code), so some posts get past the first refusal. */
let liveText: fc.Arbitrary<string>;

const stats = { actions: 0, posts: 0, signedIn: 0, serverErrors: 0, signUps: 0 };
/** Answers already found free of internals (most refusals and redirects are the same few). */
const clean = new Set<string>();

beforeAll(async () => {
  const { client: other, user } = await signUp(api, `fuzz-other-${Date.now()}@example.com`);
  const stones = await other.call("GET", "/v1/mint/force_stone/");
  const exchange = await other.call("POST", "/v1/mint/force_stone/team/", {
    force_stone_id: stones.body.data.list[0].force_stone_id,
    member_count: 3,
  });
  const gifts = await other.call("GET", "/v1/mint/force_box/");
  liveText = fc.constantFrom(
    exchange.body.data.code,
    String(exchange.body.data.team_id),
    ...gifts.body.data.list.map((g: { code: string }) => g.code),
    user.invite_code,
    "DELETE",
    "@fuzzer",
    "2",
    "5",
  );
});

afterAll(async () => {
  console.log(
    `App fuzz (${fuzzSizeSaid()}): ${stats.actions} actions, ${RUNS} inputs per action, ${stats.posts} posts (${stats.signedIn} signed in), ` +
      `${stats.serverErrors} answers >= 500, ${stats.signUps} sign-ups`,
  );
  await api.close();
});

test("the fuzzers know the app's actions, intents and fields", () => {
  expect(routes.map((r) => r.id)).toEqual(
    expect.arrayContaining(["routes/_app.airdrop", "routes/_app.settings", "routes/login", "routes/_app.swap.$exchangeId"]),
  );
  expect(names.intents).toEqual(
    expect.arrayContaining(["start", "claim", "send", "language", "delete", "cancel", "remove", "join", "remind"]),
  );
  expect(names.fields).toEqual(expect.arrayContaining(["intent", "email", "code", "stone", "exchange", "member", "file", "ui_lang"]));
});

// ---------------------------------------------------------------------------------------------
// The signed-in browser: a jar whose session holds a live token. A fuzzed logout or account
// deletion ends it; a new login (a token issued for the same account) or a new account follows.

interface Browser {
  jar: Jar;
  userId: number;
  did: string;
}
let browser: Browser | undefined;

async function sessionOf(jar: Jar) {
  return session.readSession(new Request(ORIGIN, { headers: { Cookie: jar.header() } }));
}

/** The account's id, asked of the API with the jar's token (undefined once the token no longer works). */
async function accountOf(jar: Jar): Promise<{ userId?: number; did: string }> {
  const s = await sessionOf(jar);
  const res = await api.app.inject({ method: "GET", url: "/v1/user/", headers: { authorization: `HIN ${s.token}` } });
  return { userId: res.json().data?.id, did: s.did! };
}

async function newBrowser(): Promise<Browser> {
  stats.signUps += 1;
  const { jar } = await signUpThroughApp(api, { tag: "fuzz" });
  const { userId, did } = await accountOf(jar);
  if (userId === undefined) throw new Error("signing up through /register failed");
  return { jar, userId, did };
}

async function signedIn(): Promise<Browser> {
  browser ??= await newBrowser();
  const s = await sessionOf(browser.jar);
  if (s.token) return browser;
  const { token } = await issueToken(api.domain, browser.userId, browser.did);
  browser.jar.take(new Response(null, { headers: session.withCookies(await session.signedInCookies(s, { token, did: browser.did })) }));
  if ((await accountOf(browser.jar)).userId === undefined) browser = await newBrowser();
  return browser;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

type Body =
  | { kind: "form"; pairs: [string, string][] }
  | { kind: "form-text"; text: string }
  | { kind: "multipart"; parts: gen.Part[] }
  | { kind: "multipart-text"; contentType: string; body: Buffer }
  | { kind: "other"; contentType: string | null; payload: string }
  | { kind: "none" };

interface Post {
  signedIn: boolean;
  params: Record<string, string>;
  query: string;
  /** Remix's own fetch (JavaScript running), as server.ts marks it. */
  dataRequest: boolean;
  /** Cookies beside the session: a language, a time zone, a native app, or garbage under our names. */
  cookies: [string, string][];
  acceptLanguage: string | null;
  body: Body;
}

function postArbitrary(route: ActionRoute): fc.Arbitrary<Post> {
  const fieldNames = [...names.fields, "intent"];
  // Paths too, for the fields that name where to go next.
  const path = fc.tuple(fc.constantFrom("/", "//", "/airdrop?", "/\t/", "/%2F"), gen.text).map(([start, rest]) => start + rest);
  const value = fc.oneof(
    { weight: 4, arbitrary: gen.text },
    { weight: 2, arbitrary: gen.numberText },
    { weight: 1, arbitrary: gen.queryValue },
    { weight: 1, arbitrary: path },
    { weight: 2, arbitrary: liveText },
  );
  const intent = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names.intents) }, { weight: 1, arbitrary: gen.text });
  const pairs = fc
    .tuple(fc.option(intent, { freq: 6, nil: undefined }), fc.array(fc.tuple(gen.keyFrom(fieldNames), value), { maxLength: 8 }))
    .map(([i, rest]): [string, string][] => (i === undefined ? rest : [["intent", i], ...rest]));
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 12, arbitrary: pairs.map((p) => ({ kind: "form" as const, pairs: p })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          pairs,
          fc.array(fc.constantFrom("%", "%zz", "%E0%A4%A", "%00", "%C0%AF", "&&", "=", "+", "%2B", "%26intent%3Dclaim"), {
            minLength: 1,
            maxLength: 4,
          }),
        )
        .map(([p, junk]) => ({ kind: "form-text" as const, text: [new URLSearchParams(p).toString(), ...junk].join("&") })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(intent, gen.partsFrom(fieldNames, value))
        .map(([i, parts]) => ({ kind: "multipart" as const, parts: [{ name: "intent", value: i }, ...parts] })),
    },
    {
      weight: 1,
      arbitrary: gen
        .rawMultipart(gen.partsFrom(fieldNames, value))
        .map((m) => ({ kind: "multipart-text" as const, contentType: m.contentType, body: m.body })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("other" as const),
        contentType: fc.oneof(
          fc.constantFrom("application/json", "text/plain", "application/xml", "application/octet-stream", "multipart/form-data", ""),
          fc.constant(null),
        ),
        payload: fc.oneof(
          pairs.map((p) => JSON.stringify(Object.fromEntries(p))),
          gen.jsonBodyText(undefined, liveText),
          gen.text,
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  );
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const splat = route.path.endsWith("*");
  const cookie = fc.tuple(
    fc.constantFrom("vv_lang", "vv_tz", "vv_app", "vv_toast", "vv_session", "vv_device", "vv_welcomed", "x"),
    fc.oneof(gen.queryValue, gen.text).map(gen.asciiOnly),
  );
  return fc.record({
    signedIn: fc.boolean(),
    params: fc.record({
      ...Object.fromEntries(paramNames.map((name) => [name, gen.pathSegment(liveText)])),
      ...(splat ? { "*": fc.array(gen.pathSegment(liveText), { maxLength: 3 }).map((s) => s.join("/")) } : {}),
    }),
    query: gen.queryText(
      ["_routes", "index", "redirectTo", "ui_lang", "lang", "os", "vcode", "confirm", "code", "gift", "level"],
      liveText,
    ),
    dataRequest: fc.boolean(),
    cookies: fc.array(cookie, { maxLength: 2 }),
    acceptLanguage: fc.option(fc.oneof(gen.queryValue, gen.text).map(gen.asciiOnly), { freq: 3 }),
    body,
  });
}

/** Posts that failed once, tried first on every run. */
function regressions(): Post[] {
  const post = (body: Body, more: Partial<Post> = {}): Post => ({
    signedIn: true,
    params: {},
    query: "",
    dataRequest: false,
    cookies: [],
    acceptLanguage: null,
    body,
    ...more,
  });
  return [
    // Bodies that are no form: JSON, none at all, multipart whose boundary is not the declared one.
    post({ kind: "other", contentType: "application/json", payload: "{}" }),
    post({ kind: "other", contentType: null, payload: "" }, { signedIn: false }),
    post({ kind: "multipart-text", contentType: "multipart/form-data; boundary=not-the-one", body: Buffer.from("--fuzzboundary--\r\n") }),
    // An intent every object has.
    post({ kind: "form", pairs: [["intent", "constructor"]] }),
    // A language cookie holding a number.
    post({ kind: "form", pairs: [] }, { signedIn: false, cookies: [["vv_lang", "0"]] }),
    // Where to go after saving: a path no header can carry as it is.
    post({
      kind: "form",
      pairs: [
        ["intent", "nickname"],
        ["name", "Fuzz"],
        ["redirectTo", "/😀"],
      ],
    }),
  ];
}

/** The URL path of a route for the generated parameters (still percent-encoded, as a browser sends it). */
function pathOf(route: ActionRoute, params: Record<string, string>): string {
  return `/${route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "").replace(/\*$/, params["*"] ?? "")}`;
}

function decoded(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      try {
        return [name, decodeURIComponent(value)];
      } catch {
        return [name, value];
      }
    }),
  );
}

function bodyInit(body: Body): { body?: BodyInit; contentType?: string } {
  switch (body.kind) {
    case "form":
      return { body: new URLSearchParams(body.pairs) };
    case "form-text":
      return { body: body.text, contentType: "application/x-www-form-urlencoded" };
    case "multipart": {
      const form = new FormData();
      for (const part of body.parts) {
        if (typeof part.value === "string") form.append(part.name, part.value);
        else form.append(part.name, new File([new Uint8Array(part.value)], part.filename ?? "blob", { type: part.type ?? "" }));
      }
      return { body: form };
    }
    case "multipart-text":
      return { body: new Uint8Array(body.body), contentType: body.contentType };
    case "other":
      // Bytes, so that no content type is added when the input has none.
      return { body: new TextEncoder().encode(body.payload), contentType: body.contentType ?? undefined };
    case "none":
      return {};
  }
}

function requestOf(route: ActionRoute, post: Post, jar: Jar | undefined): Request {
  const headers = new Headers();
  const cookies = [...(jar?.cookies.size ? [jar.header()] : []), ...post.cookies.map(([name, value]) => `${name}=${value}`)];
  if (cookies.length) headers.set("Cookie", cookies.join("; "));
  if (post.dataRequest) headers.set("x-data-request", "1");
  if (post.acceptLanguage !== null) headers.set("Accept-Language", post.acceptLanguage);
  const { body, contentType } = bodyInit(post.body);
  if (contentType !== undefined) headers.set("Content-Type", contentType);
  const url = `${ORIGIN}${pathOf(route, post.params)}${post.query ? `?${post.query}` : ""}`;
  return new Request(url, { method: "POST", headers, body });
}

// ---------------------------------------------------------------------------------------------

for (const route of routes) {
  test(`${route.id}: garbage posts, signed in or not, answer below 500 without internals, or throw a Response`, async () => {
    stats.actions += 1;
    await fc.assert(
      fc.asyncProperty(postArbitrary(route), async (post) => {
        const who = post.signedIn ? await signedIn() : undefined;
        const request = requestOf(route, post, who?.jar);
        const res = await run(() => route.action({ request, params: decoded(post.params), context: {} }));
        stats.posts += 1;
        if (who) {
          stats.signedIn += 1;
          who.jar.take(res);
        }
        if (res.status >= 500) stats.serverErrors += 1;
        const text = await res.text();
        expect(res.status, text.slice(0, 500)).toBeLessThan(500);
        for (const raw of [text, res.headers.get("Location") ?? ""]) {
          if (clean.has(raw)) continue;
          expectNoLeak(raw);
          gen.expectNoInternals(raw);
          clean.add(raw);
        }
      }),
      fuzzParameters(
        RUNS,
        regressions().map((post): [Post] => [post]),
      ),
    );
  }, 120_000);
}
