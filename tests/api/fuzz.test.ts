/**
 * Property-based fuzzing of every /v1 route in the contract (a route is fuzzed as soon as it is
 * added there): generated bodies, content types, query strings, path parameters and
 * authorization headers, signed in and not. Every answer must be below 500, the envelope (with
 * `data` as the contract describes it on success), and free of stack traces and SQL; and a
 * refused call must leave the database exactly as it was.
 *
 * Inputs per route: 50 on PGlite and 30 on PostgreSQL in `npm test`, 500 and 300 in
 * `npm run test:deep` (tests/setup/fuzz-size.ts: FUZZ_RUNS sets them, FUZZ_SEED replays the seed a
 * failure or the summary names). On PostgreSQL only the inputs that
 * reach the database are sent (see readsNoDatabase); the others are answered the same on either
 * database, and the PGlite run of the same `npm test` sends them.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, test } from "vitest";
import { issueToken } from "#api/src/domain/accounts/tokens.ts";
import { tokenOf } from "#api/src/plugins/route.ts";
import { bannedRefusalData } from "#contract/appeals.ts";
import { BONUS_TASK_ORDER } from "#contract/bonus-tasks.ts";
import { ERROR_CODES, ErrorCode } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { allRoutes } from "#contract/routes.ts";
import { commonQuery } from "#contract/wire.ts";
import * as gen from "../setup/fuzz-arbitraries.ts";
import { fuzzParameters, fuzzRuns, fuzzSizeSaid } from "../setup/fuzz-size.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { expectNoLeak, expectOk, signUp } from "./helpers.ts";

const RUNS = fuzzRuns({ small: 50, full: 500, postgres: { small: 30, full: 300 } });
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const COMMON_KEYS = Object.keys(commonQuery.shape);

let api: TestApi;

/** The account the valid tokens belong to; a fuzzed logout or deletion ends it, and another takes its place. */
let me: { userId: number; did: string; token: string };
/** Tokens that look right and are not: logged out, and of a deleted account. */
const dead = { revoked: "", deleted: "" };
/** Real ids and codes (stones, an exchange, gift boxes, an invite code), so inputs also reach the rules behind validation. */
let liveValue: fc.Arbitrary<unknown>;
let liveText: fc.Arbitrary<string>;

const stats = { routes: 0, requests: 0, serverErrors: 0, refusedChecked: 0, refusedUnchecked: 0, leftToPglite: 0 };

// ---------------------------------------------------------------------------------------------
// The database's fingerprint: every table's row count and the md5 of its rows in order.
// A transaction that writes takes a transaction id, so while the next id to be handed out has
// not moved, nothing can have changed and the fingerprint need not be taken again.

/** The driver under Drizzle (PGlite, or a pg Pool): both answer `query(text)` with `rows`, quicker than Drizzle's execute. */
type RawClient = { query<T>(text: string): Promise<{ rows: T[] }> };
let raw: RawClient;
let fingerprintQuery = "";

async function listTables(): Promise<string[]> {
  const { rows } = await raw.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  return rows.map((r) => `"${r.schema}"."${r.name}"`);
}

async function nextXid(): Promise<string> {
  const { rows } = await raw.query<{ xid: string }>("select pg_snapshot_xmax(pg_current_snapshot())::text as xid");
  return rows[0].xid;
}

async function fingerprint(): Promise<Map<string, string>> {
  const { rows } = await raw.query<{ name: string; n: number; h: string }>(fingerprintQuery);
  return new Map(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

interface Sent {
  spec: RouteSpec;
  input: Input;
  code: number | undefined;
}

const BATCH = 200;

/**
 * Refused calls change nothing. A call that may succeed and write (signed in, its query and
 * body valid) is checked alone: the database before it (the calls before it settled first) and
 * after it. Every other call (certain refusals, and GETs) joins a run that is checked as a
 * whole; should a run have changed anything, its calls are sent again one by one to name the one.
 */
class Ledger {
  private known = { xid: "", tables: new Map<string, string>() };
  private pending: Sent[] = [];
  readonly changes: string[] = [];

  /** The database now: what was known, while no transaction has written since. */
  private async now(): Promise<{ xid: string; tables: Map<string, string> }> {
    const xid = await nextXid();
    return xid === this.known.xid ? this.known : { xid, tables: await fingerprint() };
  }

  async look(): Promise<void> {
    this.known = await this.now();
    this.pending = [];
  }

  /** After a call checked alone: a refused one must have changed nothing. */
  async alone(sent: Sent): Promise<void> {
    const before = this.known.tables;
    await this.look();
    if (sent.code === 0) return;
    const changed = changedTables(before, this.known.tables);
    if (changed.length === 0) stats.refusedChecked += 1;
    else if (!writesAsDesigned(sent.code, changed)) this.changes.push(blameText(sent, changed));
  }

  async add(sent: Sent): Promise<void> {
    this.pending.push(sent);
    // A success nobody expected (a write, unless a GET) closes the run now.
    if (this.pending.length >= BATCH || (sent.code === 0 && sent.spec.method !== "GET")) await this.settle();
  }

  /** The run so far must have left the database as it found it. */
  async settle(): Promise<void> {
    const run = this.pending;
    if (run.length === 0) return;
    const before = this.known.tables;
    await this.look();
    const changed = changedTables(before, this.known.tables);
    const refused = run.filter((s) => s.code !== 0).length;
    if (changed.length === 0) return void (stats.refusedChecked += refused);
    await this.blame(run, changed, refused);
    await this.look();
  }

  private async blame(run: Sent[], changed: string[], refused: number): Promise<void> {
    for (const sent of run) {
      const before = await fingerprint();
      const res = await send(sent.spec, sent.input);
      const tables = changedTables(before, await fingerprint());
      const code = envelopeOf(res)?.code;
      if (code !== 0 && tables.length > 0 && !writesAsDesigned(code, tables))
        return void this.changes.push(blameText({ ...sent, code }, tables));
    }
    // None alone: the change was a success's (a GET making something lazily); the refusals beside it go unchecked.
    if (run.some((s) => s.code === 0)) stats.refusedUnchecked += refused;
    else
      this.changes.push(
        `${run.length} refused calls changed ${changed.join(", ")}, none alone; the first: ${describeInput(run[0].spec, run[0].input)}`,
      );
  }
}

/**
 * Refusals that write by design: a wrong one-time code counts against the code (the last allowed
 * try burns it) and against the account on that device, which locks code sign-in there after too many.
 */
const OTP_TRIES = ['"public"."otp_codes"', '"public"."otp_wrong_tries"', '"public"."otp_locks"'];
const WRITING_REFUSALS: Record<number, readonly string[]> = { [ErrorCode.wrongCode]: OTP_TRIES, [ErrorCode.codeSignInLocked]: OTP_TRIES };

function writesAsDesigned(code: number | undefined, tables: string[]): boolean {
  const allowed = code === undefined ? undefined : WRITING_REFUSALS[code];
  return allowed !== undefined && tables.every((t) => allowed.includes(t));
}

function blameText(sent: Sent, tables: string[]): string {
  return `refused (${sent.code}) yet changed ${tables.join(", ")}: ${describeInput(sent.spec, sent.input)}`;
}

const ledger = new Ledger();

/** Answers already found free of internals (most refusals are the same few bodies). */
const clean = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Inputs.

type Auth =
  | { kind: "none" }
  /** The live token, under a spelling of the scheme the API accepts. */
  | { kind: "valid"; scheme: "HIN " | "hin " | "HIN  " | "HIN\t" }
  /** The live token, spoiled, or a token that no longer works. */
  | { kind: "spoiled"; how: "bearer" | "trailing-space" | "cut" | "appended" | "bare" | "revoked" | "deleted" }
  | { kind: "header"; value: string };

interface Input {
  auth: Auth;
  params: Record<string, string>;
  query: string;
  body?: { contentType?: string; payload: string | Buffer };
}

function authHeader(auth: Auth): string | undefined {
  switch (auth.kind) {
    case "none":
      return undefined;
    case "valid":
      return `${auth.scheme}${me.token}`;
    case "header":
      return auth.value;
    case "spoiled":
      return {
        bearer: `Bearer ${me.token}`,
        "trailing-space": `HIN ${me.token} `,
        cut: `HIN ${me.token.slice(0, -1)}`,
        appended: `HIN ${me.token}x`,
        bare: me.token,
        revoked: `HIN ${dead.revoked}`,
        deleted: `HIN ${dead.deleted}`,
      }[auth.how];
  }
}

const authArbitrary: fc.Arbitrary<Auth> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("HIN ", "hin ", "HIN  ", "HIN\t").map((scheme) => ({ kind: "valid" as const, scheme })) },
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom("bearer", "trailing-space", "cut", "appended", "bare", "revoked", "deleted")
      .map((how) => ({ kind: "spoiled" as const, how })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        gen.text.map((t) => `HIN ${t}`),
        gen.text,
        fc.constantFrom("HIN", "HIN ", "Basic YWxhZGRpbjpvcGVuc2VzYW1l", `HIN ${"a".repeat(5_000)}`),
      )
      .map((value) => ({ kind: "header" as const, value })),
  },
);

const UPLOAD = "/v1/file/upload/";

function bodyArbitrary(spec: RouteSpec): fc.Arbitrary<Input["body"]> {
  const json = fc.record({
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant("application/json") },
      { weight: 1, arbitrary: fc.constantFrom(...gen.CONTENT_TYPES) },
    ),
    payload: gen.jsonBodyText(spec.body, liveValue),
  });
  const partValue = fc.oneof(fc.constantFrom("avatar", "campaign", ""), gen.text);
  const parts = gen.partsFrom(["file", "type", "avatar"], partValue);
  // An upload as the web app sends it (`type`, then the file), with more parts or none.
  const upload = fc
    .tuple(fc.record({ name: fc.constant("type"), value: partValue }), gen.filePart(fc.constant("file")), parts)
    .map(([type, file, more]) => [type, file, ...more]);
  const multipart = gen.rawMultipart(fc.oneof(parts, upload)).map((m) => ({ contentType: m.contentType, payload: m.body }));
  const other = fc.record(
    { contentType: fc.option(fc.constantFrom(...gen.CONTENT_TYPES), { nil: undefined }), payload: gen.text },
    { requiredKeys: ["payload"] },
  );
  const none = fc.constant(undefined);
  if (spec.path === UPLOAD)
    return fc.oneof(
      { weight: 6, arbitrary: multipart },
      { weight: 1, arbitrary: json },
      { weight: 1, arbitrary: other },
      { weight: 1, arbitrary: none },
    );
  if (spec.body)
    return fc.oneof(
      { weight: 10, arbitrary: json },
      { weight: 1, arbitrary: multipart },
      { weight: 1, arbitrary: other },
      { weight: 1, arbitrary: none },
    );
  if (spec.method === "GET")
    return fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: json }, { weight: 1, arbitrary: other });
  return fc.oneof(
    { weight: 4, arbitrary: none },
    { weight: 3, arbitrary: json },
    { weight: 1, arbitrary: multipart },
    { weight: 2, arbitrary: other },
  );
}

const paramNames = (spec: RouteSpec) => [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

function inputArbitrary(spec: RouteSpec): fc.Arbitrary<Input> {
  return fc.record({
    auth: authArbitrary,
    params: fc.record(Object.fromEntries(paramNames(spec).map((name) => [name, gen.pathSegment(liveText)]))),
    query: gen.queryText([...COMMON_KEYS, ...Object.keys(gen.shapeOf(spec.query))], liveText, gen.shapeOf(spec.query)),
    body: bodyArbitrary(spec),
  });
}

/** Inputs that failed once, tried first on every run. */
function regressions(spec: RouteSpec): Input[] {
  const valid = { kind: "valid", scheme: "HIN " } as const;
  const params = (value: string) => Object.fromEntries(paramNames(spec).map((name) => [name, value]));
  return [
    // Not a valid escape, and longer than the router takes: refused by the router itself.
    ...(paramNames(spec).length
      ? [
          { auth: valid, params: params("%"), query: "" },
          { auth: valid, params: params("9".repeat(101)), query: "" },
        ]
      : []),
    // Each number the query takes, one past the largest integer column.
    ...Object.keys(gen.shapeOf(spec.query)).map((key) => ({ auth: valid, params: {}, query: `${key}=2147483648` })),
    // A NUL character in each field the body and the query take: PostgreSQL text cannot hold one.
    ...Object.keys(gen.shapeOf(spec.body)).map((key) => ({
      auth: valid,
      params: {},
      query: "",
      body: { contentType: "application/json", payload: JSON.stringify({ [key]: "a\u0000b" }) },
    })),
    ...Object.keys(gen.shapeOf(spec.query)).map((key) => ({ auth: valid, params: {}, query: `${key}=a%00b` })),
    // Multipart that does not parse: the boundary is not the one declared, or the body is cut off.
    ...(spec.path === UPLOAD
      ? [
          {
            auth: valid,
            params: {},
            query: "",
            body: { contentType: "multipart/form-data; boundary=not-the-one", payload: "--fuzzboundary--\r\n" },
          },
          { auth: valid, params: {}, query: "", body: { contentType: "multipart/form-data; boundary=fuzzboundary", payload: "-" } },
        ]
      : []),
  ];
}

/** The route's URL for an input: the path with its parameters filled in, and the query. */
function urlOf(spec: RouteSpec, input: Input): string {
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => input.params[name] ?? "");
  return input.query ? `${path}?${input.query}` : path;
}

function send(spec: RouteSpec, input: Input): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  const authorization = authHeader(input.auth);
  if (authorization !== undefined) headers.authorization = authorization;
  if (input.body?.contentType !== undefined) headers["content-type"] = input.body.contentType;
  return api.app.inject({ method: spec.method, url: urlOf(spec, input), headers, payload: input.body?.payload });
}

function describeInput(spec: RouteSpec, input: Input): string {
  const shown = JSON.stringify({ ...input, body: input.body && { ...input.body, payload: String(input.body.payload).slice(0, 500) } });
  return `${spec.method} ${urlOf(spec, input).slice(0, 300)} ${shown.slice(0, 1_500)}`;
}

/** The query as the API reads it (a repeated key is a list). */
function queryObject(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const had = out[key];
    out[key] = had === undefined ? value : [...[had].flat(), value];
  }
  return out;
}

/**
 * Whether a call is refused before any query, whatever the database: a signed-in route called
 * without a token the API reads (route.ts authenticates first, and refuses a missing token
 * without looking it up). Leaving such a call out changes nothing the next calls meet, so on
 * PostgreSQL the calls sent are exactly those of the same run that reach the database.
 */
function readsNoDatabase(spec: RouteSpec, input: Input): boolean {
  return spec.auth && tokenOf(authHeader(input.auth)) === undefined;
}

/** Whether a call may succeed and write: false when it is sure to be refused (not signed in, a query or JSON body its schema rejects), and for GETs. */
function mayWrite(spec: RouteSpec, input: Input): boolean {
  if (spec.method === "GET" || (spec.auth && input.auth.kind !== "valid")) return false;
  if (!(spec.query ? commonQuery.extend(spec.query.shape) : commonQuery).safeParse(queryObject(input.query)).success) return false;
  if (!spec.body || input.body?.contentType !== "application/json") return true;
  try {
    return spec.body.safeParse(JSON.parse(String(input.body.payload)) ?? {}).success;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers.

interface Envelope {
  code: number;
  err_msg?: string;
  data?: unknown;
}

function envelopeOf(res: LightMyRequestResponse): Envelope | undefined {
  try {
    const body = JSON.parse(res.body) as Envelope;
    return typeof body === "object" && body !== null ? body : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with an answer, if anything: the status, the envelope, or `data` unlike the contract's. */
function faultOf(spec: RouteSpec, res: LightMyRequestResponse, body: Envelope | undefined): string | undefined {
  if (res.statusCode >= 500) return "a server error";
  // A file route's success is the file itself, named for saving; a refusal is the envelope as anywhere.
  if (spec.file && res.statusCode === 200 && String(res.headers["content-disposition"]).startsWith("attachment;")) {
    return spec.file.some((type) => String(res.headers["content-type"]).startsWith(type)) ? undefined : "a file of an undeclared type";
  }
  if (!String(res.headers["content-type"]).startsWith("application/json")) return "not JSON";
  if (!body) return "not an object";
  if (Object.keys(body).some((k) => !["code", "err_msg", "data"].includes(k))) return "not the envelope";
  if (body.code === 0) {
    if (res.statusCode !== 200) return "success at another status than 200";
    if (body.err_msg !== undefined) return "success with err_msg";
    if (!spec.response.safeParse(body.data).success) return "data unlike the contract's response";
  } else {
    if (!ERROR_CODES.includes(body.code)) return "a code outside the catalogue";
    if (typeof body.err_msg !== "string" || body.err_msg.length === 0) return "a refusal without err_msg";
    // The one refusal with data: a banned account's, with its appeal pass (decision 066).
    const banned = body.code === ErrorCode.accountBanned && bannedRefusalData.safeParse(body.data).success;
    if (body.data !== undefined && !banned) return "a refusal with data";
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Setup.

/** Reads every signed-in GET once, so what is made lazily (stones, gift boxes) exists before the fuzzing. */
async function warmUp(token: string): Promise<void> {
  for (const spec of allRoutes.filter((r) => r.method === "GET" && r.auth && !r.params)) {
    await api.app.inject({ method: "GET", url: `${spec.path}?level=1`, headers: { authorization: `HIN ${token}` } });
  }
}

async function newAccount(): Promise<typeof me> {
  const { user, token, did } = await signUp(api);
  await warmUp(token);
  return { userId: user.id, did, token };
}

/** The live token stopped working (a fuzzed logout or account deletion): a new login, or a new account. */
async function replaceToken(): Promise<void> {
  me = { ...me, token: (await issueToken(api.domain, me.userId, me.did)).token };
  const check = await api.app.inject({ method: "GET", url: "/v1/user/", headers: { authorization: `HIN ${me.token}` } });
  if (check.json().code !== 0) me = await newAccount();
}

beforeAll(async () => {
  api = await createTestApi();
  raw = (api.database.db as unknown as { $client: RawClient }).$client;
  fingerprintQuery = (await listTables())
    .map(
      (t) => `select '${t}' as name, count(*)::int as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as h from ${t} x`,
    )
    .join(" union all ");

  const other = await signUp(api);
  const stones = expectOk(await other.client.call("GET", "/v1/mint/force_stone/"));
  const exchange = expectOk(
    await other.client.call("POST", "/v1/mint/force_stone/team/", { force_stone_id: stones.list[0].force_stone_id, member_count: 3 }),
  );
  const gifts = expectOk(await other.client.call("GET", "/v1/mint/force_box/"));
  const revoked = await signUp(api);
  expectOk(await revoked.client.call("POST", "/v1/user/logout/"));
  dead.revoked = revoked.token;
  const deleted = await signUp(api);
  expectOk(await deleted.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
  dead.deleted = deleted.token;

  me = await newAccount();
  const mine = await api.app.inject({ method: "GET", url: "/v1/mint/force_stone/", headers: { authorization: `HIN ${me.token}` } });
  const ints = [
    me.userId,
    other.user.id,
    exchange.team_id,
    stones.list[0].force_stone_id,
    ...mine.json().data.list.map((s: { force_stone_id: number }) => s.force_stone_id),
    ...BONUS_TASK_ORDER,
  ];
  const emails = [other.email, ` ${other.email.toUpperCase()} `, "fuzz@example.com", "a@b", "ü@exämple.com"];
  const texts = [
    exchange.code,
    exchange.code.toLowerCase(),
    ...gifts.list.map((g: { code: string }) => g.code),
    other.user.invite_code,
    ...emails,
    "DELETE",
    " delete ",
    "@fuzzer",
    other.did,
  ];
  liveValue = fc.constantFrom<unknown>(...ints, ...texts);
  liveText = fc.constantFrom(...texts, ...ints.map(String));
  await ledger.look();
});

afterAll(async () => {
  console.log(
    `API fuzz (${fuzzSizeSaid()}): ${stats.routes} routes, ${RUNS} inputs per route, ${stats.requests} calls, ${stats.serverErrors} answered >= 500; ` +
      `${stats.refusedChecked} refused calls found to change nothing, ${stats.refusedUnchecked} not checked (beside a GET that wrote); ` +
      `${stats.leftToPglite} inputs refused before any query left to the PGlite run`,
  );
  await api?.close();
});

for (const spec of allRoutes) {
  test(`${spec.method} ${spec.path}: any input is answered below 500, in the envelope, without internals; a refusal changes nothing`, async () => {
    stats.routes += 1;
    await fc.assert(
      fc.asyncProperty(inputArbitrary(spec), async (input) => {
        if (ON_POSTGRES && readsNoDatabase(spec, input)) return void (stats.leftToPglite += 1);
        const alone = mayWrite(spec, input);
        if (alone) await ledger.settle();
        const res = await send(spec, input);
        stats.requests += 1;
        if (res.statusCode >= 500) stats.serverErrors += 1;
        const body = envelopeOf(res);
        const sent = { spec, input, code: body?.code };
        await (alone ? ledger.alone(sent) : ledger.add(sent));
        if (spec.auth && input.auth.kind === "valid" && body?.code === ErrorCode.loginExpired) {
          await ledger.settle();
          await replaceToken();
          await ledger.look();
        }
        const fault = faultOf(spec, res, body);
        if (fault) expect.fail(`${fault}: ${res.statusCode} ${res.body.slice(0, 500)}`);
        if (!clean.has(res.body)) {
          expectNoLeak(res.body);
          gen.expectNoInternals(res.body);
          clean.add(res.body);
        }
      }),
      fuzzParameters(
        RUNS,
        regressions(spec).map((input): [Input] => [input]),
      ),
    );
    await ledger.settle();
    expect(ledger.changes.splice(0)).toEqual([]);
  }, 120_000);
}
