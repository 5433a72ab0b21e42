import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { followResult, socialHandleResult } from "#contract/airdrop.ts";
import { createTestApi, type Answer, type TestApi } from "../setup/test-api.ts";
import { mintInfo, nowSeconds, tally } from "./airdrop-helpers.ts";
import { expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

function bind(c: Caller, twitter: unknown) {
  return c.call("PUT", "/v1/mint/twitter/", { twitter });
}

function follow(c: Caller) {
  return c.call("POST", "/v1/mint/twitter/follow/");
}

async function handleOf(c: Caller) {
  return expectOk(await c.call("GET", "/v1/user/")).twitter as string;
}

describe("social handle without X credentials (well-formed-handle adapter)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(async () => api.close());

  test("the adapter in use says it does not check with X", () => {
    expect(api.domain.social.name).toMatch(/well-formed/);
  });

  test("a handle must start with @ and be 1-15 of [A-Za-z0-9_] (210103 otherwise)", async () => {
    const { client } = await signUp(api);
    for (const bad of [
      "",
      "   ",
      "abc",
      "@",
      "@toolonghandle_1234",
      "@bad-char",
      "@with space",
      "@émile",
      "@@double",
      "@a.b",
      "vv_official",
    ]) {
      expectCode(await bind(client, bad), ErrorCode.socialInvalid);
    }
    expect(await handleOf(client)).toBe("");
    expectCode(await client.call("PUT", "/v1/mint/twitter/", {}), ErrorCode.badRequest, 400);
    expectCode(await bind(client, 42), ErrorCode.badRequest, 400);

    const data = expectOk(await bind(client, "  @abcdefghijklmno  ")); // 15 characters, spaces trimmed
    expect(socialHandleResult.safeParse(data).success).toBe(true);
    expect(data).toEqual({ twitter: "@abcdefghijklmno" });
    expect(await handleOf(client)).toBe("@abcdefghijklmno");
    expect(expectOk(await client.call("GET", "/v1/mint/user/mine/")).user.twitter).toBe("@abcdefghijklmno");
    expect((await mintInfo(client)).twitter).toBe("@abcdefghijklmno");
    expectOk(await bind((await signUp(api)).client, "@A"));
    expectOk(await bind((await signUp(api)).client, "@_9_Z"));
  });

  test("unique across accounts case-insensitively (210010); one per account (210110); the same handle again is fine", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    expect(expectOk(await bind(a.client, "@Case_Handle"))).toEqual({ twitter: "@Case_Handle" });
    expectCode(await bind(b.client, "@case_handle"), ErrorCode.socialTaken);
    expectCode(await bind(b.client, "@CASE_HANDLE"), ErrorCode.socialTaken);
    expect(await handleOf(b.client)).toBe("");

    // The same handle again (any case) answers the bound one; another handle is refused.
    expect(expectOk(await bind(a.client, "@Case_Handle"))).toEqual({ twitter: "@Case_Handle" });
    expect(expectOk(await bind(a.client, "@case_handle"))).toEqual({ twitter: "@Case_Handle" });
    expectCode(await bind(a.client, "@another_one"), ErrorCode.socialAlreadyBound);
    expect(await handleOf(a.client)).toBe("@Case_Handle");
    // An invalid handle is refused as invalid even when one is bound.
    expectCode(await bind(a.client, "@bad-char"), ErrorCode.socialInvalid);
  });

  test("parallel binds: one account, one handle; two accounts, one handle", async () => {
    const a = await signUp(api);
    const same = await Promise.all(Array.from({ length: 10 }, () => bind(a.client, "@same_twice")));
    for (const answer of same) expect(expectOk(answer)).toEqual({ twitter: "@same_twice" });

    const b = await signUp(api);
    const different = await Promise.all(["@pick_one", "@pick_two", "@pick_three", "@pick_four"].map((h) => bind(b.client, h)));
    expect(tally(different.map((x) => x.body.code))).toEqual({ 0: 1, [ErrorCode.socialAlreadyBound]: 3 });
    expect(await handleOf(b.client)).toBe(different.find((x) => x.body.code === 0)!.body.data.twitter);

    const rivals = await Promise.all(Array.from({ length: 6 }, () => signUp(api)));
    const answers = await Promise.all(rivals.map((r, i) => bind(r.client, i % 2 ? "@Contested" : "@contested")));
    expect(tally(answers.map((x) => x.body.code))).toEqual({ 0: 1, [ErrorCode.socialTaken]: 5 });
  });

  test("follow needs a bound handle (210101) and records followed_at once", async () => {
    const { client } = await signUp(api);
    expectCode(await follow(client), ErrorCode.bindSocialFirst);
    expect(await mintInfo(client)).toMatchObject({ follow_twitter: 0, follow_claim_at: null, twitter: "" });
    expectOk(await bind(client, "@follows_us"));

    const at = nowSeconds(api);
    const first = expectOk(await follow(client));
    expect(followResult.safeParse(first).success).toBe(true);
    expect(first).toEqual({ followed_at: at, claim_at: at + 300 });
    api.clock.advance(1000);
    expect(expectOk(await follow(client))).toEqual(first);
    expect(await mintInfo(client)).toMatchObject({ follow_twitter: 1, follow_claim_at: at + 300, twitter: "@follows_us" });

    const other = await signUp(api);
    expectOk(await bind(other.client, "@follows_too"));
    const answers = await Promise.all(Array.from({ length: 8 }, () => follow(other.client)));
    const times = new Set(answers.map((x) => expectOk(x).followed_at));
    expect(times).toEqual(new Set([nowSeconds(api)]));
  });
});

/**
 * A local server that answers as the X API v2 does, for the handful of calls the adapter makes.
 */
interface FakeX {
  port: number;
  url: string;
  users: { id: string; username: string; description: string }[];
  /** Following lists by user id, in pages. */
  following: Map<string, string[][]>;
  mode: "ok" | "500" | "500-html" | "429" | "hangup" | "404-as-200";
  requests: { path: string; authorization: string | undefined }[];
  down(): Promise<void>;
  up(): Promise<void>;
}

async function startFakeX(token: string): Promise<FakeX> {
  const fake: FakeX = {
    port: 0,
    url: "",
    users: [],
    following: new Map(),
    mode: "ok",
    requests: [],
    down: async () => {},
    up: async () => {},
  };
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x.local");
    fake.requests.push({ path: url.pathname + url.search, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${token}`) {
      return json(res, 401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
    }
    if (fake.mode === "hangup") return req.socket.destroy();
    if (fake.mode === "500") return json(res, 500, { title: "Internal Server Error", status: 500 });
    if (fake.mode === "500-html") {
      res.writeHead(503, { "content-type": "text/html" });
      return res.end("<html><body>Over capacity</body></html>");
    }
    if (fake.mode === "429")
      return json(res, 429, { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 });

    let m = /^\/2\/users\/by\/username\/([^/]+)$/.exec(url.pathname);
    if (m && req.method === "GET") {
      const name = decodeURIComponent(m[1]);
      const user = fake.users.find((u) => u.username.toLowerCase() === name.toLowerCase());
      if (!user) {
        const errors = [
          {
            value: name,
            detail: `Could not find user with username: [${name}].`,
            title: "Not Found Error",
            resource_type: "user",
            parameter: "username",
            resource_id: name,
            type: "https://api.twitter.com/2/problems/resource-not-found",
          },
        ];
        // X itself answers a missing user with HTTP 200 and only `errors`; both shapes are served.
        return json(res, fake.mode === "404-as-200" ? 200 : 404, { errors });
      }
      const fields = (url.searchParams.get("user.fields") ?? "").split(",");
      const data: Record<string, string> = { id: user.id, name: user.username, username: user.username };
      if (fields.includes("description")) data.description = user.description;
      return json(res, 200, { data });
    }
    m = /^\/2\/users\/(\d+)\/following$/.exec(url.pathname);
    if (m && req.method === "GET") {
      const pages = fake.following.get(m[1]) ?? [[]];
      const token = url.searchParams.get("pagination_token");
      const index = token ? Number(token.replace("page-", "")) : 0;
      if (url.searchParams.get("max_results") !== "1000" || !(index in pages)) {
        return json(res, 400, { errors: [{ message: "invalid request" }], title: "Invalid Request" });
      }
      const data = pages[index].map((id) => ({ id, name: `n${id}`, username: fake.users.find((u) => u.id === id)?.username ?? `u${id}` }));
      const meta: Record<string, unknown> = { result_count: data.length };
      if (index + 1 < pages.length) meta.next_token = `page-${index + 1}`;
      return json(res, 200, data.length ? { data, meta } : { meta });
    }
    return json(res, 404, { errors: [{ message: "Sorry, that page does not exist" }] });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  fake.down = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  fake.up = () => new Promise<void>((resolve) => server.listen(fake.port, "127.0.0.1", resolve));
  return fake;
}

describe("X API v2 adapter against a local X", () => {
  const OFFICIAL_ID = "900000001";
  let x: FakeX;
  let api: TestApi;
  let nextId = 100;
  beforeAll(async () => {
    x = await startFakeX("t");
    x.users.push({ id: OFFICIAL_ID, username: "vv_official", description: "The official VV account" });
    api = await createTestApi({ X_BEARER_TOKEN: "t", X_API_URL: x.url, X_OFFICIAL_HANDLE: "@vv_official" });
  });
  afterAll(async () => {
    await api.close();
    await x.down();
  });

  /** A VV user and their X account, whose description holds `proof` (their invite code by default). */
  async function person(handle: string, opts: { proof?: string; onX?: boolean } = {}) {
    const account = await signUp(api);
    const id = String(nextId++);
    if (opts.onX !== false) {
      x.users.push({ id, username: handle, description: `Mining VV, join me: ${opts.proof ?? account.user.invite_code.toLowerCase()} !` });
    }
    return { ...account, xId: id };
  }

  function expectUnavailable(answer: Answer) {
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(ErrorCode.internal);
    expect(answer.body.err_msg).toBeTruthy();
    expect(answer.body.data).toBeUndefined();
  }

  test("the X adapter is in use and sends the bearer token on every call", async () => {
    expect(api.domain.social.name).toContain(x.url);
    const p = await person("token_check");
    expectOk(await bind(p.client, "@token_check"));
    expect(x.requests.length).toBeGreaterThan(0);
    for (const r of x.requests) expect(r.authorization).toBe("Bearer t");
  });

  test("a handle found on X whose description holds the user's invite code binds", async () => {
    const p = await person("Alice_X");
    x.requests.length = 0;
    expect(expectOk(await bind(p.client, "@alice_x"))).toEqual({ twitter: "@alice_x" });
    expect(x.requests.map((r) => r.path)).toEqual(["/2/users/by/username/alice_x?user.fields=description"]);
    expect(await handleOf(p.client)).toBe("@alice_x");
  });

  test("not found on X, or a description without the user's code: 210103, nothing bound", async () => {
    const ghost = await person("ghost_user", { onX: false });
    expectCode(await bind(ghost.client, "@ghost_user"), ErrorCode.socialInvalid);
    x.mode = "404-as-200";
    try {
      expectCode(await bind(ghost.client, "@ghost_user"), ErrorCode.socialInvalid);
    } finally {
      x.mode = "ok";
    }
    expect(await handleOf(ghost.client)).toBe("");

    const impostor = await person("someone_else", { proof: "NOTMYCODE" });
    expectCode(await bind(impostor.client, "@someone_else"), ErrorCode.socialInvalid);
    expect(await handleOf(impostor.client)).toBe("");
    // Another VV user's code in the description proves nothing either.
    const owner = await signUp(api);
    const thief = await person("owned_by_other", { proof: owner.user.invite_code });
    expectCode(await bind(thief.client, "@owned_by_other"), ErrorCode.socialInvalid);
    // Once the code is in the description, binding works.
    x.users.find((u) => u.username === "someone_else")!.description = `vv ${impostor.user.invite_code}`;
    expectOk(await bind(impostor.client, "@someone_else"));
  });

  test("the follow is found on the second page of the following list: recorded", async () => {
    const p = await person("fan_page_two");
    expectOk(await bind(p.client, "@fan_page_two"));
    x.following.set(p.xId, [
      ["11", "12", "13"],
      ["14", OFFICIAL_ID],
    ]);
    x.requests.length = 0;
    const at = nowSeconds(api);
    expect(expectOk(await follow(p.client))).toEqual({ followed_at: at, claim_at: at + 300 });
    const paths = x.requests.map((r) => r.path);
    expect(paths).toContain(`/2/users/${p.xId}/following?max_results=1000`);
    expect(paths).toContain(`/2/users/${p.xId}/following?max_results=1000&pagination_token=page-1`);
    expect(await mintInfo(p.client)).toMatchObject({ follow_twitter: 1, follow_claim_at: at + 300 });
  });

  test("not following: 210102 and nothing recorded; following later: recorded", async () => {
    const p = await person("not_a_fan");
    expectOk(await bind(p.client, "@not_a_fan"));
    x.following.set(p.xId, [["21"], ["22", "23"]]);
    expectCode(await follow(p.client), ErrorCode.followFirst);
    x.following.set(p.xId, [[]]);
    expectCode(await follow(p.client), ErrorCode.followFirst);
    expect(await mintInfo(p.client)).toMatchObject({ follow_twitter: 0, follow_claim_at: null });
    expectCode(await p.client.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "2" }), ErrorCode.followFirst);

    x.following.set(p.xId, [[OFFICIAL_ID]]);
    const at = nowSeconds(api);
    expect(expectOk(await follow(p.client)).followed_at).toBe(at);
    expect((await mintInfo(p.client)).follow_twitter).toBe(1);
  });

  test.each(["500", "500-html", "429", "hangup"] as const)("X answering %s: 100500 and nothing recorded", async (mode) => {
    const p = await person(`down_${mode.replace("-", "_")}`);
    const bound = await person(`fol_${mode.replace("-", "_")}`);
    expectOk(await bind(bound.client, `@fol_${mode.replace("-", "_")}`));
    x.following.set(bound.xId, [[OFFICIAL_ID]]);
    x.mode = mode;
    try {
      expectUnavailable(await bind(p.client, `@down_${mode.replace("-", "_")}`));
      expectUnavailable(await follow(bound.client));
    } finally {
      x.mode = "ok";
    }
    expect(await handleOf(p.client)).toBe("");
    expect(await mintInfo(bound.client)).toMatchObject({ follow_twitter: 0 });
    // X back: both work.
    expectOk(await bind(p.client, `@down_${mode.replace("-", "_")}`));
    expectOk(await follow(bound.client));
  });

  test("X unreachable: 100500 and nothing recorded", async () => {
    const p = await person("unreachable_1");
    const bound = await person("unreachable_2");
    expectOk(await bind(bound.client, "@unreachable_2"));
    x.following.set(bound.xId, [[OFFICIAL_ID]]);
    await x.down();
    try {
      expectUnavailable(await bind(p.client, "@unreachable_1"));
      expectUnavailable(await follow(bound.client));
    } finally {
      await x.up();
    }
    expect(await handleOf(p.client)).toBe("");
    expect(await mintInfo(bound.client)).toMatchObject({ follow_twitter: 0 });
    expectOk(await bind(p.client, "@unreachable_1"));
  });

  test("a malformed handle never reaches X; a handle bound elsewhere is still refused", async () => {
    const p = await person("well_formed");
    x.requests.length = 0;
    expectCode(await bind(p.client, "@bad-char"), ErrorCode.socialInvalid);
    expectCode(await bind(p.client, "abc"), ErrorCode.socialInvalid);
    expect(x.requests).toEqual([]);
    expectOk(await bind(p.client, "@well_formed"));
    // Another account whose X description also carries its own code cannot take the same handle.
    const rival = await signUp(api);
    x.users.find((u) => u.username === "well_formed")!.description += ` ${rival.user.invite_code}`;
    expectCode(await bind(rival.client, "@WELL_FORMED"), ErrorCode.socialTaken);
  });
});
