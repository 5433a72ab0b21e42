import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { teamReminders, users } from "#api/src/db/schema.ts";
import { PUSH_TEST_SETTINGS, pushService, receivedBy, type Browser, noticesAt } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { start } from "./airdrop-helpers.ts";
import { expectCode, expectOk, nextUtcDay, signUp, speaks, subscribeBrowser, type Caller } from "./helpers.ts";
import { invitees, remind, remindState, type Member } from "./team-helpers.ts";

// Friends who registered but never started the airdrop get a nudge to start it with the remind
// button: counted with the reminders (2 a day, 4 hours apart, one a day per member), pushed to
// those a browser of theirs reaches, e-mailed to the others, in their language.
const PUBLIC_URL = "https://vv.example.com";
const ROUND = 28_800;
const GAP = 14_400;

const service = pushService();
let api: TestApi;
beforeAll(async () => {
  await service.start();
  api = await createTestApi({ ...PUSH_TEST_SETTINGS, PUBLIC_URL, SUSPEND_THRESHOLD: "1", OTP_RESEND_SECONDS: "0" });
});
afterAll(async () => {
  await api?.close();
  await service.stop();
});

const subscribe = (c: Caller, zone?: string) => subscribeBrowser(service, c, zone);
const notices = (b: Browser) => noticesAt(service, b);
const mailsTo = (m: Member) => api.mails.filter((mail) => mail.to === m.email && mail.text.includes(`${PUBLIC_URL}/airdrop`));

/** Sends what is queued: push jobs, then the e-mails they or the reminder queued. */
async function deliver(): Promise<void> {
  await api.runJobs();
  await api.deliverMail();
}

/** A sender named Mika with level-1 friends who registered, one per language, and never started. */
async function teamOfNewcomers(languages: string[]): Promise<{ sender: Member; friends: Member[] }> {
  const sender = await signUp(api);
  expectOk(await sender.client.call("PUT", "/v1/user/", { name: "Mika" }));
  const friends = await invitees(api, sender, languages.length);
  for (const [i, f] of friends.entries()) await speaks(f.client, languages[i]);
  await deliver(); // the sign-up codes
  return { sender, friends };
}

describe("a nudge for friends who never started", () => {
  test("a paused friend and two never started: one reminder; the push (decrypted) and the e-mail invite to start, in their language", async () => {
    const { sender, friends } = await teamOfNewcomers(["en", "ja", "ta"]);
    const [paused, pushed, mailed] = friends;
    await start(paused.client);
    api.clock.advance(3 * ROUND);
    await api.distribute();
    const browser = await subscribe(pushed.client);
    nextUtcDay(api, 9);
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 0,
      reminders_left_today: 2,
      suspended_members: 1,
      not_started_members: 2,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });

    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 3 });
    expect(await remindState(sender.client)).toMatchObject({ reminders_left_today: 1, remaining_time: GAP });
    expect(await api.database.db.select().from(teamReminders).where(eq(teamReminders.senderId, sender.user.id))).toHaveLength(1);
    await deliver();

    const day = api.clock.now().toISOString().slice(0, 10);
    expect(notices(browser)).toEqual([
      {
        title: "Mikaさんから、無料のVVエアドロップを始めようというお誘いです",
        body: "VVを開いて、ワンタップで開始できます。無料です。",
        url: "/airdrop",
        tag: "remind",
        kind: "remind",
        dedupe_key: `push:${pushed.user.id}:remind:${sender.user.id}-${day}-1`,
      },
    ]);
    expect(mailsTo(pushed)).toEqual([]);

    const [nudge] = mailsTo(mailed);
    expect(nudge.subject).toBe("உங்கள் இலவச VV ஏர்டிராப்பைத் தொடங்க Mika உங்களை அழைக்கிறார்");
    expect(nudge.text).toContain("இலவச ஏர்டிராப்பைத் தொடங்கு");
    expect(nudge.text).toContain(`${PUBLIC_URL}/airdrop`);
    expect(nudge.html).toContain('<html lang="ta" dir="ltr">');
    expect(nudge.html).toContain(`href="${PUBLIC_URL}/airdrop"`);
    expect(mailsTo(paused).map((m) => m.subject)).toEqual(["Your VV airdrop is paused"]);
  });

  test("the quota and the gap apply: twice a day, 4 hours apart, each friend nudged once a day", async () => {
    const { sender, friends } = await teamOfNewcomers(["pt-BR"]);
    nextUtcDay(api, 1);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 1 });
    expectCode(await remind(sender.client), ErrorCode.remindWait);
    api.clock.advance(GAP);
    // The second reminder of the day counts, but the friend has had theirs today.
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 0 });
    api.clock.advance(GAP);
    expectCode(await remind(sender.client), ErrorCode.remindDailyLimit);
    await deliver();
    expect(mailsTo(friends[0]).map((m) => m.subject)).toEqual(["Mika convida você a iniciar seu airdrop grátis de VV"]);

    nextUtcDay(api, 0);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 1 });
    await deliver();
    expect(mailsTo(friends[0])).toHaveLength(2);
  });

  test("a friend who starts is no longer nudged; one deleted or banned is not counted", async () => {
    const { sender, friends } = await teamOfNewcomers(["en", "en", "en"]);
    const [started, deleted, banned] = friends;
    await start(started.client);
    await api.database.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, deleted.user.id));
    await api.database.db
      .update(users)
      .set({ bannedAt: sql`now()` })
      .where(eq(users.id, banned.user.id));
    expect(await remindState(sender.client)).toMatchObject({ suspended_members: 0, not_started_members: 0 });
    nextUtcDay(api, 9);
    expectCode(await remind(sender.client), ErrorCode.remindNobody);
    expect(await remindState(sender.client)).toMatchObject({ reminders_left_today: 2, remaining_time: 0 });
  });

  test("held through the friend's night: dropped once they have started meanwhile, sent to one who has not", async () => {
    const { sender, friends } = await teamOfNewcomers(["en", "ko"]);
    const [sleeper, starter] = friends;
    // 15:00 UTC is midnight in Seoul: quiet until 08:00 there, 23:00 UTC.
    const sleeperBrowser = await subscribe(sleeper.client, "Asia/Seoul");
    const starterBrowser = await subscribe(starter.client, "Asia/Seoul");
    nextUtcDay(api, 15);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 2 });
    expect(await api.runJobs()).toMatchObject({ held: 2, done: 0 });
    await start(starter.client);
    api.clock.advance(8 * 3600);
    expect(await api.runJobs()).toMatchObject({ done: 2, expired: 0 });
    await api.deliverMail();
    expect(notices(sleeperBrowser)).toMatchObject([{ kind: "remind", title: "Mika invites you to start your free VV airdrop" }]);
    expect(notices(starterBrowser)).toEqual([]);
    expect(mailsTo(starter)).toEqual([]);
  });

  test("a friend whose browser is gone (410) gets the nudge e-mail instead, not the paused one", async () => {
    const { sender, friends } = await teamOfNewcomers(["zh-TW"]);
    const browser = await subscribe(friends[0].client);
    service.answers.set(browser.path, { status: 410 });
    nextUtcDay(api, 9);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 1 });
    await api.runJobs();
    await deliver();
    expect(receivedBy(service, browser)).toHaveLength(1);
    expect(mailsTo(friends[0]).map((m) => m.subject)).toEqual(["Mika 邀請你開始免費 VV 空投"]);
    service.answers.delete(browser.path);
  });
});
