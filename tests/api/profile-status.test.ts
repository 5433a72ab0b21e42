import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { statusConfigResult, userSchema, type StatusIcon } from "#contract/profile.ts";
import { auditLog, statusIcons } from "#api/src/db/schema.ts";
import { retireStatusIcon, upsertStatusIcon } from "#api/src/domain/profile/status.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

async function statusList(c: Caller): Promise<StatusIcon[]> {
  const data = expectOk(await c.call("GET", "/v1/mint/user/status/config/"));
  const parsed = statusConfigResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data.list;
}

const setStatus = (c: Caller, id: unknown) => c.call("POST", "/v1/mint/user/status/", { id });

async function shownStatus(c: Caller): Promise<number | null> {
  const me = expectOk(await c.call("GET", "/v1/user/"));
  expect(userSchema.strict().safeParse(me).success).toBe(true);
  expect(expectOk(await c.call("GET", "/v1/mint/user/")).user_status_icon).toBe(me.user_status_icon);
  return me.user_status_icon;
}

async function auditRows(target: string) {
  return api.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.id));
}

describe("GET /v1/mint/user/status/config/", () => {
  test("the seeded statuses, in their order, each with one emoji", async () => {
    const { client } = await signUp(api);
    const list = await statusList(client);
    expect(list.map((s) => s.name)).toEqual([
      "online",
      "busy",
      "working",
      "studying",
      "traveling",
      "gaming",
      "sleeping",
      "eating",
      "exercising",
      "celebrating",
      "mining",
      "away",
    ]);
    expect(list[0]).toEqual({ id: 1, name: "online", icon: "🟢" });
    expect(list.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });
    for (const s of list) expect([...segmenter.segment(s.icon)], s.name).toHaveLength(1);
  });

  test("without a login: 300103", async () => {
    expectCode(await caller(api).call("GET", "/v1/mint/user/status/config/"), ErrorCode.loginExpired);
  });
});

describe("POST /v1/mint/user/status/", () => {
  test("set, change and clear; the profile shows it as user_status_icon", async () => {
    const { client } = await signUp(api);
    expect(await shownStatus(client)).toBeNull();
    expect(expectOk(await setStatus(client, 3))).toEqual({});
    expect(await shownStatus(client)).toBe(3);
    expectOk(await setStatus(client, 12));
    expect(await shownStatus(client)).toBe(12);
    expect(expectOk(await setStatus(client, null))).toEqual({});
    expect(await shownStatus(client)).toBeNull();
    // Clearing twice is no error.
    expectOk(await setStatus(client, null));
    expect(await shownStatus(client)).toBeNull();
  });

  test("an id not in the list answers 300115 and changes nothing; a malformed one 100400", async () => {
    const { client } = await signUp(api);
    expectOk(await setStatus(client, 5));
    for (const id of [13, 999, 2_147_483_647]) expectCode(await setStatus(client, id), ErrorCode.statusUnknown);
    for (const id of [0, -1, 1.5, 2_147_483_648, "3", true, {}]) expectCode(await setStatus(client, id), ErrorCode.badRequest, 400);
    expectCode(await client.call("POST", "/v1/mint/user/status/", {}), ErrorCode.badRequest, 400);
    expect(await shownStatus(client)).toBe(5);
  });

  test("without a login: 300103", async () => {
    expectCode(await setStatus(caller(api), 1), ErrorCode.loginExpired);
  });
});

describe("operators keep the status table", () => {
  test("a new status is listed last and choosable; retired, it is neither, users showing it are cleared, each change audited", async () => {
    const a = await signUp(api);
    const b = await signUp(api);
    const added = await upsertStatusIcon(api.domain, { id: 40, name: "dancing", icon: "💃", actor: "op-test" });
    expect(added).toEqual({ id: 40, name: "dancing", icon: "💃", sort: 130, active: true });
    expect((await statusList(a.client)).at(-1)).toEqual({ id: 40, name: "dancing", icon: "💃" });
    expectOk(await setStatus(a.client, 40));
    expectOk(await setStatus(b.client, 2));

    expect(await retireStatusIcon(api.domain, { id: 40, actor: "op-test" })).toEqual({ cleared: 1 });
    expect((await statusList(a.client)).map((s) => s.id)).not.toContain(40);
    expect(await shownStatus(a.client)).toBeNull();
    expect(await shownStatus(b.client)).toBe(2);
    expectCode(await setStatus(a.client, 40), ErrorCode.statusUnknown);

    // Set again with a place of its own: back in the list, at that place.
    await upsertStatusIcon(api.domain, { id: 40, name: "dancing", icon: "🕺", sort: 15, actor: "op-test" });
    expect((await statusList(a.client)).slice(0, 3)).toEqual([
      { id: 1, name: "online", icon: "🟢" },
      { id: 40, name: "dancing", icon: "🕺" },
      { id: 2, name: "busy", icon: "⛔" },
    ]);
    expectOk(await setStatus(a.client, 40));

    const rows = await auditRows("status-icon:40");
    expect(rows.map((r) => [r.action, r.actor, r.detail])).toEqual([
      ["status-icon.set", "op-test", { name: "dancing", icon: "🕺", sort: 15 }],
      ["status-icon.off", "op-test", { cleared: 1 }],
      ["status-icon.set", "op-test", { name: "dancing", icon: "💃", sort: 130 }],
    ]);
  });

  test("bad input is refused before anything is written", async () => {
    const before = await api.database.db.select().from(statusIcons).orderBy(statusIcons.id);
    const auditBefore = await api.database.db.select().from(auditLog).orderBy(auditLog.id);
    const bad = [
      { id: 41, name: "Dancing", icon: "💃" },
      { id: 41, name: "dancing now", icon: "💃" },
      { id: 41, name: "x", icon: "💃💃" },
      { id: 41, name: "x", icon: "a" },
      { id: 41, name: "x", icon: "" },
      { id: 0, name: "x", icon: "💃" },
      { id: 2_147_483_648, name: "x", icon: "💃" },
      { id: 41, name: "x", icon: "💃", sort: 1.5 },
    ];
    for (const input of bad)
      await expect(upsertStatusIcon(api.domain, { ...input, actor: "op-test" }), JSON.stringify(input)).rejects.toThrow();
    await expect(upsertStatusIcon(api.domain, { id: 41, name: "working", icon: "💼", actor: "op-test" })).rejects.toThrow(
      'another status is named "working"',
    );
    expect(await retireStatusIcon(api.domain, { id: 4000, actor: "op-test" })).toBeUndefined();
    expect(await api.database.db.select().from(statusIcons).orderBy(statusIcons.id)).toEqual(before);
    expect(await api.database.db.select().from(auditLog).orderBy(auditLog.id)).toEqual(auditBefore);
  });
});
