import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AvatarStatus } from "#contract/profile-states.ts";
import { auditLog, users } from "#api/src/db/schema.ts";
import { pendingAvatars, reviewAvatar } from "#api/src/domain/profile/avatar-review.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { userRow } from "./airdrop-helpers.ts";
import { expectOk, opsIn, signUp } from "./helpers.ts";
import { teamPage } from "./team-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

/** What an upload leaves behind (see domain/files/avatar.ts): the new picture waiting for review. */
async function uploaded(userId: number, url: string, avatar?: string) {
  await api.database.db
    .update(users)
    .set({ avatarNew: url, avatarStatus: AvatarStatus.inReview, ...(avatar === undefined ? {} : { avatar }) })
    .where(eq(users.id, userId));
}

const auditOf = (userId: number) =>
  api.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `user:${userId}`))
    .orderBy(desc(auditLog.id));

describe("avatar review by operators", () => {
  test("approved: the waiting avatar becomes the one shown, to the user and to teammates; audited", async () => {
    const leader = await signUp(api);
    const member = await signUp(api, { invite: leader.user.invite_code });
    await uploaded(member.user.id, "/media/approve-me.webp");
    expect(await pendingAvatars(api.domain)).toContainEqual(
      expect.objectContaining({ userId: member.user.id, displayId: member.user.display_id, avatarNew: "/media/approve-me.webp" }),
    );
    // Teammates see only approved avatars.
    expect((await teamPage(leader.client, 1)).list[0].avatar).toBe("");

    expect(await reviewAvatar(api.domain, { userId: member.user.id, approve: true, actor: "op-test" })).toBe("/media/approve-me.webp");
    expect(expectOk(await member.client.call("GET", "/v1/user/"))).toMatchObject({
      avatar: "/media/approve-me.webp",
      avatar_new: "",
      avatar_status: AvatarStatus.settled,
    });
    expect((await teamPage(leader.client, 1)).list[0].avatar).toBe("/media/approve-me.webp");
    expect((await pendingAvatars(api.domain)).map((p) => p.userId)).not.toContain(member.user.id);
    const [audit] = await auditOf(member.user.id);
    expect(audit).toMatchObject({
      actor: "op-test",
      action: "avatar.approve",
      detail: { avatar: "/media/approve-me.webp" },
      at: api.clock.now(),
    });
  });

  test("a rejection without a reason from the list is refused, and nothing changes", async () => {
    const { user } = await signUp(api);
    await uploaded(user.id, "/media/keep-waiting.webp");
    for (const reason of [undefined, "", "ugly"]) {
      await expect(reviewAvatar(api.domain, { userId: user.id, approve: false, reason, actor: "op-test" })).rejects.toThrow(/reasons/);
    }
    expect((await pendingAvatars(api.domain)).map((p) => p.userId)).toContain(user.id);
  });

  test("rejected: the user keeps the old avatar and sees the refusal; audited", async () => {
    const { client, user } = await signUp(api);
    await uploaded(user.id, "/media/reject-me.webp", "/media/old.webp");
    expect(await reviewAvatar(api.domain, { userId: user.id, approve: false, reason: "explicit", actor: "op-test" })).toBe(
      "/media/reject-me.webp",
    );
    expect(expectOk(await client.call("GET", "/v1/user/"))).toMatchObject({
      avatar: "/media/old.webp",
      avatar_new: "",
      avatar_status: AvatarStatus.rejected,
      avatar_reject_reason: "explicit",
    });
    const [audit] = await auditOf(user.id);
    expect(audit).toMatchObject({
      actor: "op-test",
      action: "avatar.reject",
      detail: { avatar: "/media/reject-me.webp", reason: "explicit" },
    });

    // A new upload goes into review again and can be approved.
    await uploaded(user.id, "/media/second-try.webp");
    expect(await reviewAvatar(api.domain, { userId: user.id, approve: true, actor: "op-test" })).toBe("/media/second-try.webp");
    expect((await userRow(api, user.id)).avatar).toBe("/media/second-try.webp");
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(["avatar.approve", "avatar.reject"]);
  });

  test("nothing waiting (settled, already decided, no such user): nothing changes, nothing is audited", async () => {
    const { user } = await signUp(api);
    await uploaded(user.id, "/media/once.webp");
    await reviewAvatar(api.domain, { userId: user.id, approve: false, reason: "explicit", actor: "op-test" });
    const decided = await userRow(api, user.id);
    for (const approve of [true, false]) {
      expect(await reviewAvatar(api.domain, { userId: user.id, approve, reason: "spam", actor: "op-test" })).toBeUndefined();
      expect(await reviewAvatar(api.domain, { userId: 987_654_321, approve, reason: "spam", actor: "op-test" })).toBeUndefined();
    }
    expect(await userRow(api, user.id)).toEqual(decided);
    expect(await auditOf(user.id)).toHaveLength(1);
    expect(await auditOf(987_654_321)).toEqual([]);
  });
});

describe("npm run ops -- avatars", () => {
  test("the command lists the avatar waiting for review", async () => {
    const desk = await createTestApi();
    try {
      const { db } = desk.database;
      const [user] = await db
        .insert(users)
        .values({
          displayId: "123456789",
          inviteCode: "CLITEST2",
          createdAt: new Date(),
          avatarNew: "/media/cli-pending.webp",
          avatarStatus: AvatarStatus.inReview,
        })
        .returning();
      await db.insert(users).values({ displayId: "123456780", inviteCode: "CLITEST3", createdAt: new Date(), avatarNew: "" });
      expect((await opsIn(desk, "avatars")).split("\n")).toEqual([
        "user id\tdisplay id\tavatar_new",
        `${user.id}\t123456789\t/media/cli-pending.webp`,
      ]);
    } finally {
      await desk.close();
    }
  });
});
