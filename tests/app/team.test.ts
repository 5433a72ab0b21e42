import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { minters, users } from "#api/src/db/schema.ts";
import { ErrorCode } from "#contract/errors.ts";
import type { TestApi } from "../setup/test-api.ts";
import { Jar, args, get, loadContext, post, run, signUpThroughApp, startBff } from "./harness.ts";

let api: TestApi;
let team: typeof import("#app/routes/_app.team.tsx");
let more: typeof import("#app/routes/team.members.tsx");

beforeAll(async () => {
  api = await startBff();
  team = await import("#app/routes/_app.team.tsx");
  more = await import("#app/routes/team.members.tsx");
});
afterAll(async () => api.close());

/** Registers through the web app (optionally with an invite code); returns the signed-in jar and the user's row. */
async function signUp(invite?: string) {
  const { jar, email } = await signUpThroughApp(api, { tag: "team", invite });
  const [row] = await api.database.db.select().from(users).where(eq(users.email, email));
  return { jar, row };
}

const loadTeam = async (path: string, jar: Jar) => run(async () => team.loader(args(get(path, { jar }), await loadContext())));
const loadMore = (path: string, jar: Jar) => run(() => more.loader(args(get(path, { jar }))));
/** As Remix's fetch sends a form when JavaScript runs: the action answers data, not a redirect. */
const remindWithJs = (jar: Jar) =>
  run(() => team.action(args(post("/team", { intent: "remind" }, { jar, headers: { "x-data-request": "1" } }))));

describe("a team of 1,000 members, paged through the web app", () => {
  let inviter: Awaited<ReturnType<typeof signUp>>;
  const expected: number[] = [];

  beforeAll(async () => {
    inviter = await signUp();
    const base = api.clock.now().getTime();
    // Registered one second apart, ids in a different order from registration, so the list must sort by time.
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      displayId: String(500_000_000 + i),
      email: `bulk-${i}@example.com`,
      name: i % 2 ? `friend ${i}` : "",
      inviteCode: `BULK${String(i).padStart(4, "0")}`,
      inviterId: inviter.row.id,
      createdAt: new Date(base - ((i * 7919) % 1000) * 1000),
    }));
    const inserted = await api.database.db.insert(users).values(rows).returning({ id: users.id, createdAt: users.createdAt });
    expected.push(...inserted.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((r) => r.id));
  });

  test("with JavaScript: the first page, then /team/members until the last page; newest first, each member once", async () => {
    const first = await loadTeam("/team", inviter.jar);
    expect(first.status).toBe(200);
    const data = await first.json();
    expect(data.level).toBe("1");
    expect(data.page.counts.level1).toEqual({ total: 1000, minting: 0 });
    expect(data.page.list).toHaveLength(20);
    expect(data.invite).toBeNull();
    const seen = data.page.list.map((m: { user_id: number }) => m.user_id);
    let cursor: string | null = data.page.next_cursor;
    let pages = 1;
    while (cursor) {
      const res = await loadMore(`/team/members?level=1&cursor=${encodeURIComponent(cursor)}`, inviter.jar);
      expect(res.status).toBe(200);
      const next = await res.json();
      expect(next.failed).toBeNull();
      seen.push(...next.page.list.map((m: { user_id: number }) => m.user_id));
      cursor = next.page.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(50);
    expect(seen).toEqual(expected);
  });

  test("without JavaScript: the 'more' link's pages (/team?cursor=) walk the same list", async () => {
    const seen: number[] = [];
    let path: string | null = "/team?level=1";
    while (path) {
      const res = await loadTeam(path, inviter.jar);
      expect(res.status).toBe(200);
      const data = await res.json();
      expect(data.remind === null).toBe(path.includes("cursor="));
      seen.push(...data.page.list.map((m: { user_id: number }) => m.user_id));
      path = data.page.next_cursor ? `/team?level=1&cursor=${encodeURIComponent(data.page.next_cursor)}` : null;
    }
    expect(seen).toEqual(expected);
  });

  test("each member shows a name (never an e-mail), a join date in the reader's language, and the status", async () => {
    const data = await (await loadTeam("/team?level=1&ui_lang=ar", inviter.jar)).json();
    const row = data.page.list[0];
    expect(JSON.stringify(data)).not.toContain("@example.com");
    expect(row.name).toMatch(/^(friend \d+|\d{4}\*{4}\d{2})$/);
    expect(row.mint_status).toBe("not_open");
    expect(row.joined).toMatch(/[\u0600-\u06FF]/);
  });

  test("level 2 of this inviter is empty and the page says what inviting pays", async () => {
    const data = await (await loadTeam("/team?level=2", inviter.jar)).json();
    expect(data.level).toBe("2");
    expect(data.page.list).toEqual([]);
    expect(data.invite).toMatchObject({ level1_percent: 25, level2_percent: 5 });
  });
});

describe("paging parameters a person or a script may type", () => {
  test("an unknown level shows level 1; an edited cursor starts the level over; neither is an error page", async () => {
    const { jar } = await signUp();
    for (const level of ["-1", "3", "abc", "9".repeat(400)]) {
      const res = await loadTeam(`/team?level=${level}`, jar);
      expect(res.status).toBe(200);
      expect((await res.json()).level).toBe("1");
    }
    for (const cursor of ["-1", "garbage", "x".repeat(500), "eyJ4IjoxfQ"]) {
      const res = await loadTeam(`/team?level=2&cursor=${cursor}`, jar);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/team?level=2");
    }
  });

  test("/team/members answers a bad cursor as data the list can show, and anonymous callers go to log in", async () => {
    const { jar } = await signUp();
    const res = await loadMore("/team/members?level=1&cursor=garbage", jar);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ page: null, failed: expect.objectContaining({ kind: "error", code: ErrorCode.badRequest }) });
    const anonymous = await loadMore("/team/members?level=2&cursor=x", new Jar());
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fteam%3Flevel%3D2");
  });
});

describe("the remind action", () => {
  test("refused with its own toast when nobody needs it; sent once someone is paused; then the wait in hours and minutes", async () => {
    const inviter = await signUp();
    const friend = await signUp(inviter.row.inviteCode);
    const newcomer = await (await loadTeam("/team", inviter.jar)).json();
    expect(newcomer.remind).toMatchObject({ suspended_members: 0, not_started_members: 1 });
    // Started and claiming: neither paused nor waiting to start.
    await api.database.db.insert(minters).values({ userId: friend.row.id, mintFromRound: 1, startedAt: api.clock.now() });
    const nobody = await remindWithJs(inviter.jar);
    const refused = await nobody.json();
    expect(refused).toMatchObject({ toast: { kind: "error", code: ErrorCode.remindNobody } });
    // No reminder went out: nothing for the native app's analytics.
    expect(refused.toast.event).toBeUndefined();

    await api.database.db.update(minters).set({ suspendedAt: api.clock.now() }).where(eq(minters.userId, friend.row.id));
    const page = await (await loadTeam("/team", inviter.jar)).json();
    expect(page.remind).toMatchObject({
      suspended_members: 1,
      not_started_members: 0,
      remaining_time: 0,
      reminders_left_today: 2,
      wait: "",
      gap: "4 hours",
    });
    expect(page.page.list[0]).toMatchObject({ user_id: friend.row.id, mint_status: "suspend" });

    const sent = await remindWithJs(inviter.jar);
    expect(await sent.json()).toEqual({
      toast: { kind: "success", key: "team:remind.sent", params: { count: 1 }, event: { name: "remind_level_1", params: { count: 1 } } },
    });

    api.clock.advance(40 * 60);
    const early = await remindWithJs(inviter.jar);
    expect(await early.json()).toMatchObject({
      toast: { kind: "error", key: "team:remind.waitToast", params: { wait: "3 hours, 20 minutes" } },
    });
    const waiting = await (await loadTeam("/team?ui_lang=en", inviter.jar)).json();
    expect(waiting.remind).toMatchObject({ remaining_time: 12_000, reminders_left_today: 1, wait: "3 hours, 20 minutes" });
  });

  test("without JavaScript a sent reminder redirects back to /team with the toast in a flash cookie", async () => {
    const inviter = await signUp();
    const friend = await signUp(inviter.row.inviteCode);
    await api.database.db
      .insert(minters)
      .values({ userId: friend.row.id, mintFromRound: 1, startedAt: api.clock.now(), suspendedAt: api.clock.now() });
    const res = await run(() => team.action(args(post("/team", { intent: "remind" }, { jar: inviter.jar }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/team");
    expect(res.headers.get("Set-Cookie")).toMatch(/^vv_toast=/);
  });
});
