import { type AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import pino from "pino";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { jobs, remindedMembers, teamReminders } from "#api/src/db/schema.ts";
import { startJobWorker } from "#api/src/jobs/worker.ts";
import { createMailer, type Mailer } from "#api/src/mail/mailer.ts";
import { deliverDue, enqueueMail } from "#api/src/mail/outbox.ts";
import { catchMail } from "../setup/smtp-catcher.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { start } from "./airdrop-helpers.ts";
import { aliasIn, caller, expectCode, expectOk, nextUtcDay, signUp } from "./helpers.ts";
import { invitees, remind, remindState, type Member } from "./team-helpers.ts";

// The reminder rules: at most 2 reminders a day, 4 hours apart; each paused level-1 member gets one
// e-mail a day at most, in their language, sent by the outbox worker after the answer.
const PUBLIC_URL = "https://vv.example.com";
const ROUND = 28_800;
const GAP = 14_400;

/** A sender whose level-1 members (one per language) are paused by the real distribution. */
async function pausedTeam(api: TestApi, languages: string[]): Promise<{ sender: Member; members: Member[] }> {
  const sender = await signUp(api);
  const members = await invitees(api, sender, languages.length);
  for (const [i, m] of members.entries()) {
    expectOk(await m.client.call("PUT", "/v1/user/", { ui_lang: languages[i] }));
    await start(m.client);
  }
  // With a threshold of 1: they mint a round, are paid, and are paused at the next close unclaimed.
  api.clock.advance(3 * ROUND);
  await api.distribute();
  return { sender, members };
}

const reminders = (api: TestApi, to?: string) => api.mails.filter((m) => m.text.includes(`${PUBLIC_URL}/airdrop`) && (!to || m.to === to));

describe("reminders", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL, SUSPEND_THRESHOLD: "1" });
  });
  afterAll(async () => api.close());

  test("nobody paused: 210112, and the quota is not used", async () => {
    const sender = await signUp(api);
    const [active] = await invitees(api, sender, 1);
    await start(active.client);
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 0,
      reminders_left_today: 2,
      suspended_members: 0,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    for (let i = 0; i < 3; i++) expectCode(await remind(sender.client), ErrorCode.remindNobody);
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 0,
      reminders_left_today: 2,
      suspended_members: 0,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    const rows = await api.database.db.select().from(teamReminders).where(eq(teamReminders.senderId, sender.user.id));
    expect(rows).toEqual([]);

    // A paused level-2 member is not the sender's to remind.
    const [l2] = await invitees(api, active, 1);
    await start(l2.client);
    api.clock.advance(3 * ROUND);
    await api.distribute();
    // The level-1 member claims and rejoins; their invitee stays paused.
    expectOk(await active.client.call("POST", "/v1/mint/collect/"));
    expect(expectOk(await l2.client.call("GET", "/v1/mint/user_info/")).mint_status).toBe("suspend");
    expect(await remindState(sender.client)).toMatchObject({ suspended_members: 0 });
    expectCode(await remind(sender.client), ErrorCode.remindNobody);
    expect(expectOk(await remind(active.client))).toEqual({ reminded: 1 });
  });

  test("twice a day, 4 hours apart, one e-mail per member a day; a new day starts afresh", async () => {
    const { sender, members } = await pausedTeam(api, ["en", "ja"]);
    nextUtcDay(api, 1);
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 0,
      reminders_left_today: 2,
      suspended_members: 2,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 2 });
    expect(await remindState(sender.client)).toEqual({
      remaining_time: GAP,
      reminders_left_today: 1,
      suspended_members: 2,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    expectCode(await remind(sender.client), ErrorCode.remindWait);

    api.clock.advance(GAP - 1);
    expect((await remindState(sender.client)).remaining_time).toBe(1);
    expectCode(await remind(sender.client), ErrorCode.remindWait);
    // A third member is paused meanwhile: the second reminder mails only them.
    const [late] = await invitees(api, sender, 1, 0);
    await start(late.client);
    await api.database.db.execute(`update minters set suspended_at = now() where user_id = ${late.user.id}`);
    api.clock.advance(1);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 1 });
    // 05:00: both used; allowed again at 00:00 UTC, 19 hours away.
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 19 * 3600,
      reminders_left_today: 0,
      suspended_members: 3,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    expectCode(await remind(sender.client), ErrorCode.remindDailyLimit);
    api.clock.advance(18 * 3600);
    expectCode(await remind(sender.client), ErrorCode.remindDailyLimit);

    await api.deliverMail();
    for (const m of [...members, late]) expect(reminders(api, m.email)).toHaveLength(1);

    nextUtcDay(api, 0);
    expect(await remindState(sender.client)).toEqual({
      remaining_time: 0,
      reminders_left_today: 2,
      suspended_members: 3,
      not_started_members: 0,
      reminders_per_day: 2,
      gap_seconds: GAP,
    });
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 3 });
    await api.deliverMail();
    for (const m of [...members, late]) expect(reminders(api, m.email)).toHaveLength(2);

    // The gap runs across midnight: reminded at 23:00 (nobody mailed twice that day), the next
    // is allowed at 03:00.
    api.clock.advance(23 * 3600);
    expect(expectOk(await remind(sender.client)).reminded).toBe(0);
    nextUtcDay(api, 2);
    expect(await remindState(sender.client)).toMatchObject({ remaining_time: 3600, reminders_left_today: 2 });
    expectCode(await remind(sender.client), ErrorCode.remindWait);
  });

  test("the mail: in the member's language, text and HTML, the sender's name, the link to claim", async () => {
    const { sender, members } = await pausedTeam(api, ["ja", "ar", "pt-BR"]);
    expectOk(await sender.client.call("PUT", "/v1/user/", { name: "Mika" }));
    await api.deliverMail(); // what earlier tests left queued
    nextUtcDay(api, 9);
    expect(expectOk(await remind(sender.client)).reminded).toBe(3);
    // Queued, not sent: the answer never waits for the mail server.
    expect(members.flatMap((m) => reminders(api, m.email))).toEqual([]);
    expect(await api.deliverMail()).toEqual({ sent: 3, failed: 0 });

    const [ja] = reminders(api, members[0].email);
    expect(ja.subject).toBe("VVのエアドロップが一時停止しています");
    expect(ja.text).toContain("Mika");
    expect(ja.text).toContain(`${PUBLIC_URL}/airdrop`);
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.html).toContain(`href="${PUBLIC_URL}/airdrop"`);
    const [ar] = reminders(api, members[1].email);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.subject).toMatch(/[\u0600-\u06FF]/);
    const [pt] = reminders(api, members[2].email);
    expect(pt.subject).toBe("Seu airdrop de VV está pausado");
    // Nobody else got anything, and no mail carries another member's address.
    for (const m of [ja, ar, pt]) expect(m.text).not.toMatch(/@example\.com/);
  });

  test("a sender without a nickname is named by their alias in each member's language, never by the display id", async () => {
    const { sender, members } = await pausedTeam(api, ["en", "ar"]);
    nextUtcDay(api, 9);
    expectOk(await remind(sender.client));
    await api.deliverMail();
    const id = sender.user.display_id as string;
    const [en, ar] = members.map((m) => reminders(api, m.email)[0]);
    expect(en.text).toContain(aliasIn("en", id));
    expect(ar.text).toContain(aliasIn("ar", id));
    expect(ar.html).toContain(aliasIn("ar", id));
    expect(aliasIn("ar", id)).toMatch(/^[\u0600-\u06FF]+ \d{2}$/);
    for (const mail of [en, ar]) {
      expect(mail.text).not.toContain("****");
      expect(mail.text).not.toContain(id.slice(0, 4));
    }
  });

  test("10 parallel reminders: exactly one passes the 4-hour gap, one e-mail per member", async () => {
    const { sender, members } = await pausedTeam(api, ["en", "ko"]);
    nextUtcDay(api, 9);
    const answers = await Promise.all(Array.from({ length: 10 }, () => remind(sender.client)));
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, ...Array(9).fill(ErrorCode.remindWait)]);
    await api.deliverMail();
    for (const m of members) expect(reminders(api, m.email)).toHaveLength(1);
  });

  test("without a token: 300103", async () => {
    expectCode(await caller(api).call("GET", "/v1/mint/team/suspend_remind/"), ErrorCode.loginExpired);
    expectCode(await remind(caller(api)), ErrorCode.loginExpired);
  });
});

describe("the daily limit under parallel reminders (no gap)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL, SUSPEND_THRESHOLD: "1", REMIND_GAP_SECONDS: "0" });
  });
  afterAll(async () => api.close());

  test("10 parallel reminders: exactly REMIND_PER_DAY (2) pass, the rest 210105", async () => {
    const { sender, members } = await pausedTeam(api, ["en", "vi", "tr"]);
    nextUtcDay(api, 9);
    const answers = await Promise.all(Array.from({ length: 10 }, () => remind(sender.client)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(2);
    expect(codes.filter((c) => c === ErrorCode.remindDailyLimit)).toHaveLength(8);
    // The first mails everyone; the second finds them all mailed today.
    expect(
      answers
        .filter((a) => a.body.code === 0)
        .map((a) => a.body.data.reminded)
        .sort(),
    ).toEqual([0, 3]);
    const rows = await api.database.db.select().from(teamReminders).where(eq(teamReminders.senderId, sender.user.id));
    expect(rows.map((r) => r.n).sort()).toEqual([1, 2]);
    const mailed = await api.database.db.select().from(remindedMembers).where(eq(remindedMembers.senderId, sender.user.id));
    expect(mailed).toHaveLength(3);
    await api.deliverMail();
    for (const m of members) expect(reminders(api, m.email)).toHaveLength(1);
  });
});

describe("the mail outbox", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL, OUTBOX_RETRY_SECONDS: "60", OUTBOX_MAX_ATTEMPTS: "3" });
  });
  afterAll(async () => api.close());

  const letter = (to: string) => ({ to, subject: "s", text: "t", html: "<p>t</p>" });
  const row = async (to: string) =>
    (
      await api.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'mail' and ${jobs.payload}->>'to' = ${to}`)
    )[0];

  test("a failed send is retried with a growing wait, then sent once", async () => {
    await enqueueMail(api.domain, [letter("retry@example.com")]);
    api.failMail.next = true;
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 1 });
    expect(await row("retry@example.com")).toMatchObject({ attempts: 1, lastError: "smtp down", doneAt: null, failedAt: null });
    // Not due before the wait is over.
    api.clock.advance(59);
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 0 });
    api.clock.advance(1);
    api.failMail.next = true;
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 1 });
    // The second wait is twice the first.
    api.clock.advance(119);
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 0 });
    api.clock.advance(1);
    expect(await api.deliverMail()).toEqual({ sent: 1, failed: 0 });
    expect(api.mails.filter((m) => m.to === "retry@example.com")).toHaveLength(1);
    expect(await row("retry@example.com")).toMatchObject({ attempts: 3, lastError: null, failedAt: null });
    expect((await row("retry@example.com")).doneAt).not.toBeNull();
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 0 });
  });

  test("given up after OUTBOX_MAX_ATTEMPTS", async () => {
    await enqueueMail(api.domain, [letter("never@example.com")]);
    const down: Mailer = { target: "down", send: () => Promise.reject(new Error("connection refused")) };
    for (let i = 0; i < 3; i++) {
      expect(await deliverDue({ ...api.domain, mailer: down })).toEqual({ sent: 0, failed: 1 });
      api.clock.advance(3600);
    }
    expect(await row("never@example.com")).toMatchObject({ attempts: 3, lastError: "connection refused", doneAt: null });
    expect((await row("never@example.com")).failedAt).not.toBeNull();
    expect(await api.deliverMail()).toEqual({ sent: 0, failed: 0 });
  });

  test("two workers at once send each mail once; the worker job delivers on its tick", async () => {
    const to = Array.from({ length: 30 }, (_, i) => `pair-${i}@example.com`);
    await enqueueMail(api.domain, to.map(letter));
    const [one, two] = await Promise.all([api.deliverMail(), api.deliverMail()]);
    // 20 a pass: whatever the two passes left is sent by the worker's first tick.
    const worker = startJobWorker(api.domain, pino({ level: "silent" }));
    await worker.tick();
    await worker.stop();
    expect(one.failed + two.failed).toBe(0);
    for (const address of to) expect(api.mails.filter((m) => m.to === address)).toHaveLength(1);
  });
});

describe("over real SMTP", () => {
  let api: TestApi;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL, SUSPEND_THRESHOLD: "1" });
    ({ server: smtp } = await catchMail((mail) => void received.push(mail)));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await api.close();
  });

  test("the reminder reaches an SMTP server in the member's language", async () => {
    const { sender, members } = await pausedTeam(api, ["zh-TW"]);
    nextUtcDay(api, 9);
    expect(expectOk(await remind(sender.client)).reminded).toBe(1);
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: api.config.MAIL_FROM,
      dataDir: "tests/.tmp",
      log: pino({ level: "silent" }),
    });
    expect(await deliverDue({ ...api.domain, mailer })).toEqual({ sent: 1, failed: 0 });

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(
      [mail.to]
        .flat()
        .flatMap((a) => a?.value ?? [])
        .map((v) => v.address),
    ).toEqual([members[0].email]);
    expect(mail.subject).toBe("你的 VV 空投已暫停");
    expect(mail.text).toContain("提醒你");
    expect(mail.text).toContain(`${PUBLIC_URL}/airdrop`);
    expect(mail.html).toContain('lang="zh-TW"');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/airdrop"`);
  });
});
