import { afterAll, beforeAll, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { ErrorCode } from "#contract/errors.ts";
import { aliasOf, parseAlias } from "#contract/people.ts";
import { users } from "#api/src/db/schema.ts";
import ar from "../../locales/ar/people.json" with { type: "json" };
import { toastCookie } from "#app/utils/cookies.server.ts";
import type { TestApi } from "../setup/test-api.ts";
import { type Jar, args, get, loadContext, post, run, signUpThroughApp, startBff } from "./harness.ts";

let api: TestApi;
let force: typeof import("#app/routes/_app.force.tsx");
let swap: typeof import("#app/routes/_app.swap._index.tsx");
let exchange: typeof import("#app/routes/_app.swap.$exchangeId.tsx");
let codeLookup: typeof import("#app/routes/tools.code.tsx");

beforeAll(async () => {
  api = await startBff();
  force = await import("#app/routes/_app.force.tsx");
  swap = await import("#app/routes/_app.swap._index.tsx");
  exchange = await import("#app/routes/_app.swap.$exchangeId.tsx");
  codeLookup = await import("#app/routes/tools.code.tsx");
});
afterAll(async () => api.close());

async function signUp(): Promise<Jar> {
  return (await signUpThroughApp(api, { tag: "tools" })).jar;
}

const withParams = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });

test("/force: stones, gift boxes, the next stone's wait, and a shared gift link's code looked up before anything is asked", async () => {
  const [owner, jar] = [await signUp(), await signUp()];
  const owners = await (await run(async () => force.loader(args(get("/force", { jar: owner }), await loadContext())))).json();
  const gift = owners.gifts.list[0].code as string;
  const res = await run(async () => force.loader(args(get(`/force?gift=${gift.toLowerCase()}`, { jar }), await loadContext())));
  expect(res.status).toBe(200);
  const data = await res.json();
  expect(data.stones.list).toHaveLength(1);
  expect(data.gifts.list).toHaveLength(2);
  expect(data.nextStone).toBe("1 day");
  expect(data.code).toMatchObject({ typed: gift.toLowerCase(), found: { kind: "gift", code: `GIFT-${gift}`, power: 10 } });
  expect(data.giftBase).toBe("http://localhost:3000/force?gift=");

  const unknown = await (await run(async () => force.loader(args(get("/force?code=ZZZZ9999", { jar }), await loadContext())))).json();
  expect(unknown.code).toEqual({ typed: "ZZZZ9999", refusal: expect.objectContaining({ kind: "error", code: ErrorCode.codeUnknown }) });
});

test("a gift box opened: the reveal names its owner without a nickname by their friendly name, in the reader's language", async () => {
  const { jar: owner, email } = await signUpThroughApp(api, { tag: "giver" });
  const friend = await signUp();
  const boxes = await (await run(async () => force.loader(args(get("/force", { jar: owner }), await loadContext())))).json();
  const opened = await run(() =>
    force.action(args(post("/force?ui_lang=ar", { intent: "code", code: boxes.gifts.list[0].code }, { jar: friend }))),
  );
  const cookie = opened.headers.get("Set-Cookie")!.match(/vv_toast=[^;]+/)![0];
  const toast = await toastCookie().parse(cookie);
  const [{ displayId }] = await api.database.db.select({ displayId: users.displayId }).from(users).where(eq(users.email, email));
  const { key, number } = parseAlias(aliasOf(displayId))!;
  expect(toast).toMatchObject({ key: "tools:reveal.title", params: { name: `${ar.animals[key]} ${number}`, power: 10 } });
});

test("without JavaScript, starting an exchange redirects to its page with the toast; a stranger opening it is sent back", async () => {
  const jar = await signUp();
  const stones = await (await run(async () => force.loader(args(get("/force", { jar }), await loadContext())))).json();
  const stone = String(stones.stones.list[0].force_stone_id);
  const created = await run(() => force.action(args(post("/force", { intent: "create", stone, quota: "3" }, { jar }))));
  expect(created.status).toBe(302);
  const path = created.headers.get("Location")!;
  expect(path).toMatch(/^\/swap\/\d+$/);
  expect(created.headers.get("Set-Cookie")).toMatch(/^vv_toast=/);

  const exchangeId = path.split("/").at(-1)!;
  const own = await run(() => exchange.loader(withParams(get(`${path}?confirm=cancel`, { jar }), { exchangeId })));
  expect(await own.json()).toMatchObject({ exchange: { status: "wait", member_count: 3, is_leader: true }, confirm: { kind: "cancel" } });

  const stranger = await signUp();
  const refused = await run(() => exchange.loader(withParams(get(path, { jar: stranger }), { exchangeId })));
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/force");
  for (const bad of ["abc", "-1", "9".repeat(40)]) {
    const res = await run(() => exchange.loader(withParams(get(`/swap/${bad}`, { jar }), { exchangeId: bad })));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/force");
  }
});

test("/swap?code= of one's own exchange leads to it; a wrong code goes to the code field before a stone is asked for", async () => {
  const jar = await signUp();
  const stones = await (await run(async () => force.loader(args(get("/force", { jar }), await loadContext())))).json();
  const created = await run(() =>
    force.action(args(post("/force", { intent: "create", stone: String(stones.stones.list[0].force_stone_id), quota: "2" }, { jar }))),
  );
  const exchangeId = created.headers.get("Location")!.split("/").at(-1)!;
  const own = await (await run(() => exchange.loader(withParams(get(`/swap/${exchangeId}`, { jar }), { exchangeId })))).json();

  const back = await run(() => swap.loader(args(get(`/swap?code=${own.exchange.code.toLowerCase()}`, { jar }))));
  expect(back.status).toBe(302);
  expect(back.headers.get("Location")).toBe(`/swap/${exchangeId}`);

  const other = await signUp();
  const refused = await run(() => swap.loader(args(get("/swap?code=ZZZZ9999", { jar: other }))));
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/force?code=ZZZZ9999#code");
  const mine = await (await run(async () => force.loader(args(get("/force", { jar: other }), await loadContext())))).json();
  const wrong = await run(() =>
    swap.action(
      args(post("/swap", { intent: "join", code: "ZZZZ9999", stone: String(mine.stones.list[0].force_stone_id) }, { jar: other })),
    ),
  );
  // A code that went wrong between the lookup and the join (the exchange filled meanwhile): a toast, the page has no field for it.
  expect(await wrong.json()).toEqual({ toast: expect.objectContaining({ kind: "error", code: ErrorCode.exchangeCodeWrong }), fields: {} });
});

test("/tools/code: what a code being typed is, for the signed-in only", async () => {
  const [owner, jar] = [await signUp(), await signUp()];
  const owners = await (await run(async () => force.loader(args(get("/force", { jar: owner }), await loadContext())))).json();
  const gift = owners.gifts.list[0].code as string;
  const found = await run(() => codeLookup.loader(args(get(`/tools/code?code=GIFT-${gift}`, { jar }))));
  expect(await found.json()).toEqual({ found: expect.objectContaining({ kind: "gift", code: `GIFT-${gift}` }) });
  const own = await run(() => codeLookup.loader(args(get(`/tools/code?code=${gift}`, { jar: owner }))));
  expect(await own.json()).toEqual({ refusal: expect.objectContaining({ kind: "error", code: ErrorCode.giftOwn }) });
  const anonymous = await run(() => codeLookup.loader(args(get(`/tools/code?code=${gift}`))));
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
});
