import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs } from "#api/src/db/schema.ts";
import { pushJob, type Notification } from "#api/src/domain/push/notifications.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { PUSH_TEST_SETTINGS, pushService, receivedBy, type Browser, noticesAt } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { collect, start } from "./airdrop-helpers.ts";
import { aliasIn, expectOk, logIn, nextUtcDay, signUp, speaks, subscribeBrowser, type Caller } from "./helpers.ts";
import { invitees, remind, remindState, type Member } from "./team-helpers.ts";

// The notifications that follow what people do: a teammate's reminder (pushed to a paused member
// with a browser subscribed, e-mailed to the others as before), an exchange completed, a gift
// code used. Each is a push job queued with what caused it, sent by the job worker to a local
// push service and decrypted here as the browser would.
const PUBLIC_URL = "https://vv.example.com";
const ROUND = 28_800;

const service = pushService();
let api: TestApi;
beforeAll(async () => {
  await service.start();
  // A second browser signs in right after sign-up.
  api = await createTestApi({ ...PUSH_TEST_SETTINGS, PUBLIC_URL, SUSPEND_THRESHOLD: "1", OTP_RESEND_SECONDS: "0" });
});
afterAll(async () => {
  await api?.close();
  await service.stop();
});

const subscribe = (c: Caller, zone?: string) => subscribeBrowser(service, c, zone);
const notices = (b: Browser) => noticesAt(service, b);
const pushJobsOf = async (userId: number) =>
  (await api.database.db.select().from(jobs).where(eq(jobs.kind, "push"))).filter(
    (j) => (j.payload as { userId: number }).userId === userId,
  );
const reminderMails = (m: Member) => api.mails.filter((mail) => mail.to === m.email && mail.text.includes(`${PUBLIC_URL}/airdrop`));

/** A sender whose level-1 members, one per language, are paused by the real distribution. */
async function pausedTeam(languages: string[]): Promise<{ sender: Member; members: Member[] }> {
  const sender = await signUp(api);
  const members = await invitees(api, sender, languages.length);
  for (const [i, m] of members.entries()) {
    await speaks(m.client, languages[i]);
    await start(m.client);
  }
  // With a threshold of 1: they mint a round, are paid, and are paused at the next close unclaimed.
  api.clock.advance(3 * ROUND);
  await api.distribute();
  return { sender, members };
}

describe("a teammate's reminder", () => {
  test("a subscribed member gets a push and no e-mail, in their language, naming the sender, opening /airdrop; the others the e-mail as before", async () => {
    const { sender, members } = await pausedTeam(["ar", "ja"]);
    const [pushed, mailed] = members;
    expectOk(await sender.client.call("PUT", "/v1/user/", { name: "Mika" }));
    const browser = await subscribe(pushed.client);
    await api.runJobs(); // what earlier steps queued (sign-up codes)
    nextUtcDay(api, 9);
    expect(await remindState(sender.client)).toMatchObject({ suspended_members: 2 });
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 2 });
    // Queued with the reminder, sent after the answer.
    expect(notices(browser)).toEqual([]);
    expect(await api.runJobs()).toMatchObject({ done: 2, failed: 0 });

    const day = api.clock.now().toISOString().slice(0, 10);
    expect(notices(browser)).toEqual([
      {
        title: "أرسل إليك Mika تذكيرًا",
        body: "الإسقاط الجوي الخاص بك متوقف مؤقتًا. استلم عملات VV لتعود إليه من الجولة التالية.",
        url: "/airdrop",
        tag: "remind",
        kind: "remind",
        dedupe_key: `push:${pushed.user.id}:remind:${sender.user.id}-${day}-1`,
      },
    ]);
    expect(reminderMails(pushed)).toHaveLength(0);
    const [mail] = reminderMails(mailed);
    expect(mail.subject).toBe("VVのエアドロップが一時停止しています");
    expect(mail.text).toContain("Mika");
    expect(mail.text).toContain(`${PUBLIC_URL}/airdrop`);
    // The member's jobs: one push, which expires after PUSH_REMIND_EXPIRY_SECONDS (12 h).
    const [job] = await pushJobsOf(pushed.user.id);
    expect(job.expiresAt).toEqual(new Date(api.clock.now().getTime() + 12 * 3600_000));
    expect(await pushJobsOf(mailed.user.id)).toEqual([]);
  });

  test("a sender without a nickname is named by their alias in each member's language, never by the display id", async () => {
    const { sender, members } = await pausedTeam(["en", "ta"]);
    const browsers = [await subscribe(members[0].client), await subscribe(members[1].client)];
    nextUtcDay(api, 9);
    expectOk(await remind(sender.client));
    await api.runJobs();
    const id = sender.user.display_id as string;
    expect(notices(browsers[0])).toMatchObject([{ title: `${aliasIn("en", id)} reminded you`, url: "/airdrop" }]);
    expect(notices(browsers[1])[0].title).toContain(aliasIn("ta", id));
    for (const { title, body } of browsers.flatMap(notices)) expect(`${title} ${body}`).not.toMatch(new RegExp(`\\*{4}|${id.slice(0, 4)}`));
  });

  test("held through the member's night, not dropped; a member who restarted their airdrop meanwhile gets nothing", async () => {
    const { sender, members } = await pausedTeam(["en", "ko"]);
    const [sleeper, restarted] = members;
    // 15:00 UTC is midnight in Tokyo: quiet until 08:00 there, 23:00 UTC.
    const sleeperBrowser = await subscribe(sleeper.client, "Asia/Tokyo");
    const restartedBrowser = await subscribe(restarted.client, "Asia/Tokyo");
    nextUtcDay(api, 15);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 2 });
    expect(await api.runJobs()).toMatchObject({ held: 2, done: 0 });
    expect((await pushJobsOf(sleeper.user.id))[0]).toMatchObject({
      runAt: new Date(`${api.clock.now().toISOString().slice(0, 10)}T23:00:00Z`),
    });
    await collect(restarted.client);
    api.clock.advance(8 * 3600);
    expect(await api.runJobs()).toMatchObject({ done: 2, expired: 0 });
    expect(notices(sleeperBrowser)).toMatchObject([
      { kind: "remind", title: `${aliasIn("en", sender.user.display_id as string)} reminded you` },
    ]);
    expect(notices(restartedBrowser)).toEqual([]);
    expect(reminderMails(restarted)).toHaveLength(0);
  });

  test("a member whose browser is gone when it is sent (410), or who unsubscribed meanwhile, gets the e-mail instead", async () => {
    const { sender, members } = await pausedTeam(["en", "pt-BR"]);
    const [gone, unsubscribed] = members;
    const goneBrowser = await subscribe(gone.client);
    const unsubscribedBrowser = await subscribe(unsubscribed.client);
    service.answers.set(goneBrowser.path, { status: 410 });
    nextUtcDay(api, 9);
    expect(expectOk(await remind(sender.client))).toEqual({ reminded: 2 });
    expectOk(await unsubscribed.client.call("POST", "/v1/user/web_push/unsubscribe/", { endpoint: unsubscribedBrowser.endpoint }));
    expect(reminderMails(gone)).toEqual([]);
    await api.runJobs(); // the push jobs: one refused for good, one with no browser left; each queues the e-mail
    await api.runJobs();
    expect(receivedBy(service, goneBrowser)).toHaveLength(1);
    expect(receivedBy(service, unsubscribedBrowser)).toEqual([]);
    expect(reminderMails(gone)).toHaveLength(1);
    expect(reminderMails(unsubscribed).map((m) => m.subject)).toEqual(["Seu airdrop de VV está pausado"]);
    service.answers.delete(goneBrowser.path);
  });

  test("past its expiry a held reminder is dropped", async () => {
    const { sender, members } = await pausedTeam(["en"]);
    const browser = await subscribe(members[0].client, "Asia/Tokyo");
    nextUtcDay(api, 15);
    expectOk(await remind(sender.client));
    await api.runJobs();
    // The worker was down through the morning: twelve hours on, the nudge is stale.
    api.clock.advance(12 * 3600);
    expect(await api.runJobs()).toMatchObject({ expired: 1, done: 0 });
    expect(notices(browser)).toEqual([]);
  });
});

describe("an exchange completed", () => {
  const EXCHANGES = "/v1/mint/force_stone/team/";
  const freeStone = async (c: Caller) =>
    expectOk<{ list: { force_stone_id: number; status: string }[] }>(await c.call("GET", "/v1/mint/force_stone/")).list.find(
      (s) => s.status === "init",
    )!.force_stone_id;

  test("each subscribed participant is told what they gained, in their language, opening the exchange's page; queued with the completion", async () => {
    nextUtcDay(api, 9);
    const [leader, joiner, quiet] = [await signUp(api), await signUp(api), await signUp(api)];
    await speaks(leader.client, "en");
    await speaks(joiner.client, "ta");
    const [leaderBrowser, joinerBrowser] = [await subscribe(leader.client), await subscribe(joiner.client)];
    await api.runJobs();
    const created = expectOk<{ team_id: number; code: string }>(
      await leader.client.call("POST", EXCHANGES, { force_stone_id: await freeStone(leader.client), member_count: 3 }),
    );
    expectOk(await joiner.client.call("POST", `${EXCHANGES}join/`, { code: created.code, force_stone_id: await freeStone(joiner.client) }));
    // Still forming: nobody is told anything.
    expect(await pushJobsOf(leader.user.id)).toEqual([]);
    const done = expectOk<{ status: string; members: { user_id: number; success_power: number }[] }>(
      await quiet.client.call("POST", `${EXCHANGES}join/`, { code: created.code, force_stone_id: await freeStone(quiet.client) }),
    );
    expect(done.status).toBe("completed");
    const gained = (m: Member) => done.members.find((x) => x.user_id === m.user.id)!.success_power;
    // Queued by the join that completed it, before any worker ran; none for the participant without a browser.
    expect(await pushJobsOf(leader.user.id)).toHaveLength(1);
    expect(await pushJobsOf(joiner.user.id)).toHaveLength(1);
    expect(await pushJobsOf(quiet.user.id)).toEqual([]);

    await api.runJobs();
    const url = `/swap/${created.team_id}`;
    expect(notices(leaderBrowser)).toEqual([
      {
        title: "Exchange completed",
        body: `You gained +${gained(leader)} Soul Power. It counts in your airdrop from the next round.`,
        url,
        tag: `exchange-${created.team_id}`,
        kind: "exchange",
        dedupe_key: `push:${leader.user.id}:exchange:${created.team_id}`,
      },
    ]);
    expect(notices(joinerBrowser)).toMatchObject([
      {
        title: "பரிமாற்றம் முடிந்தது",
        body: `நீங்கள் +${gained(joiner)} ஆன்ம சக்தி பெற்றீர்கள். அடுத்த சுற்றிலிருந்து இது உங்கள் ஏர்டிராப்பில் கணக்கிடப்படும்.`,
        url,
        kind: "exchange",
      },
    ]);
    // The page it opens is the participant's: the exchange's result.
    expect(expectOk<{ status: string }>(await joiner.client.call("GET", `${EXCHANGES}${created.team_id}/`)).status).toBe("completed");
  });
});

describe("a gift code used", () => {
  const BOXES = "/v1/mint/force_box/";
  const firstCode = async (c: Caller) => expectOk<{ list: { code: string }[] }>(await c.call("GET", BOXES)).list[0].code;

  test("its owner is told who used it and what both gained, in their language, opening the gift boxes; the user who used it is not", async () => {
    nextUtcDay(api, 9);
    const [owner, friend] = [await signUp(api), await signUp(api)];
    await speaks(owner.client, "hi");
    expectOk(await friend.client.call("PUT", "/v1/user/", { name: "Ravi" }));
    const ownerBrowser = await subscribe(owner.client);
    const friendBrowser = await subscribe(friend.client);
    await api.runJobs();
    const code = await firstCode(owner.client);
    expectOk(await friend.client.call("POST", `${BOXES}use/`, { code }));
    expect(await pushJobsOf(owner.user.id)).toHaveLength(1);
    await api.runJobs();
    const [notice] = notices(ownerBrowser);
    expect(notice).toMatchObject({
      title: "आपका गिफ़्ट खोला गया",
      body: "Ravi ने आपका गिफ़्ट कोड इस्तेमाल किया: आप दोनों को +10 आत्मशक्ति मिली।",
      url: "/force#gift",
      kind: "gift",
    });
    expect(notice.dedupe_key).toMatch(new RegExp(`^push:${owner.user.id}:gift:\\d+$`));
    expect(notices(ownerBrowser)).toHaveLength(1);
    expect(notices(friendBrowser)).toEqual([]);
  });

  test("a friend without a nickname is named by their alias in the owner's language", async () => {
    nextUtcDay(api, 9);
    const [owner, friend] = [await signUp(api), await signUp(api)];
    await speaks(owner.client, "ar");
    const ownerBrowser = await subscribe(owner.client);
    await api.runJobs();
    expectOk(await friend.client.call("POST", `${BOXES}use/`, { code: await firstCode(owner.client) }));
    await api.runJobs();
    const [notice] = notices(ownerBrowser);
    expect(notice.body).toContain(aliasIn("ar", friend.user.display_id as string));
    expect(notice.body).not.toContain("****");
  });

  test("an owner without a browser subscribed: no job", async () => {
    const [owner, friend] = [await signUp(api), await signUp(api)];
    expectOk(await friend.client.call("POST", `${BOXES}use/`, { code: await firstCode(owner.client) }));
    expect(await pushJobsOf(owner.user.id)).toEqual([]);
  });
});

describe("once per user, kind and object", () => {
  test("queued again, nothing more is queued; a retry goes only to the browser that could not take it, so none shows it twice", async () => {
    nextUtcDay(api, 9);
    const { client, user, email } = await signUp(api);
    const { answer, client: other } = await logIn(api, email, undefined);
    const session = expectOk(answer);
    other.state.token = session.token;
    other.state.did = session.did;
    const [phone, laptop] = [await subscribe(client), await subscribe(other)];
    await api.runJobs();
    const gift: Notification = { kind: "gift", url: "/force#gift", tag: "gift-77", box: 77, from: "Ravi", power: 10 };
    await enqueueJobs(api.domain, [pushJob(user.id, gift)]);
    await enqueueJobs(api.domain, [pushJob(user.id, gift)]);
    expect(await pushJobsOf(user.id)).toHaveLength(1);
    // The laptop's push service cannot take it now: the job runs again, for the laptop alone.
    service.answers.set(laptop.path, { status: 503 });
    expect(await api.runJobs()).toMatchObject({ failed: 1 });
    expect(notices(phone)).toHaveLength(1);
    service.answers.delete(laptop.path);
    api.clock.advance(api.config.OUTBOX_RETRY_SECONDS);
    expect(await api.runJobs()).toMatchObject({ done: 1 });
    expect(notices(phone)).toEqual([
      {
        title: "Your gift was opened",
        body: "Ravi used your gift code: you each gained +10 Soul Power.",
        url: "/force#gift",
        tag: "gift-77",
        kind: "gift",
        dedupe_key: `push:${user.id}:gift:77`,
      },
    ]);
    // Tried twice, received once, the same message.
    expect(receivedBy(service, laptop)).toHaveLength(2);
    expect(notices(laptop)[1]).toEqual(notices(phone)[0]);
    // Done: run again, nothing is sent.
    await api.runJobs();
    expect(receivedBy(service, phone)).toHaveLength(1);
    expect(receivedBy(service, laptop)).toHaveLength(2);
  });
});
