import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, webPushSubscriptions } from "#api/src/db/schema.ts";
import { pushJob, type Notification } from "#api/src/domain/push/notifications.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { browserAt, decrypted, PUSH_TEST_SETTINGS, pushService, receivedBy, type Browser } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

// Push notifications are jobs of kind "push": queued once per key, dropped past their expiry,
// held through the browser's night, retried like mail, worded in the user's language.
const SUBSCRIBE = "/v1/user/web_push/subscribe/";

const service = pushService();
let api: TestApi;
beforeAll(async () => {
  await service.start();
  api = await createTestApi({
    ...PUSH_TEST_SETTINGS,
    OUTBOX_RETRY_SECONDS: "60",
    OUTBOX_MAX_ATTEMPTS: "3",
  });
});
afterAll(async () => {
  await api?.close();
  await service.stop();
});

/** A user with one browser subscribed in `zone`, speaking `language`. */
async function subscribed(zone: string | undefined, language = "en"): Promise<{ userId: number; client: Caller; browser: Browser }> {
  const { client, user } = await signUp(api);
  expectOk(await client.call("PUT", "/v1/user/", { ui_lang: language }));
  const browser = browserAt(service);
  expectOk(await client.call("POST", SUBSCRIBE, { ...browser.json, ...(zone ? { time_zone: zone } : {}) }));
  return { userId: user.id, client, browser };
}

const round = (n: number, amount = "320000000"): Notification => ({ kind: "round", url: "/airdrop", tag: "round", round: n, amount });
const jobsOf = (userId: number) =>
  api.database.db
    .select()
    .from(jobs)
    .then((rows) => rows.filter((r) => (r.payload as { userId: number }).userId === userId));

describe("subscribing with a time zone", () => {
  test("is stored; a zone Intl does not know is refused", async () => {
    const { client, browser } = await subscribed("Asia/Riyadh");
    const [row] = await api.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, browser.endpoint));
    expect(row.timeZone).toBe("Asia/Riyadh");
    expectCode(await client.call("POST", SUBSCRIBE, { ...browserAt(service).json, time_zone: "Mars/Olympus" }), 100400, 400);
  });
});

describe("push jobs", () => {
  test("queued once per key, sent once, in the user's language", async () => {
    api.clock.set("2026-03-02T12:00:00Z");
    const { userId, browser } = await subscribed("Asia/Riyadh", "ar");
    await enqueueJobs(api.domain, [pushJob(userId, round(7))]);
    await enqueueJobs(api.domain, [pushJob(userId, round(7))]);
    expect(await jobsOf(userId)).toHaveLength(1);
    await api.runJobs();
    const [arrived] = receivedBy(service, browser);
    expect(receivedBy(service, browser)).toHaveLength(1);
    expect(decrypted(arrived, browser)).toEqual({
      title: "انتهت الجولة",
      body: "لديك 3.2 VV بانتظار الاستلام. افتح VV لاستلامها.",
      url: "/airdrop",
      tag: "round",
      kind: "round",
      dedupe_key: `push:${userId}:round:7`,
    });
    expect((await jobsOf(userId))[0].doneAt).toEqual(api.clock.now());
    await api.runJobs();
    expect(receivedBy(service, browser)).toHaveLength(1);
  });

  test("a job past its expiry is dropped, not sent", async () => {
    api.clock.set("2026-03-02T12:00:00Z");
    const { userId, browser } = await subscribed("UTC");
    const expiresAt = new Date("2026-03-02T12:10:00Z");
    await enqueueJobs(api.domain, [
      pushJob(userId, { kind: "pause", url: "/airdrop", tag: "pause", round: 9 }, { runAt: expiresAt, expiresAt }),
    ]);
    api.clock.set(expiresAt);
    expect(await api.runJobs()).toMatchObject({ done: 0, expired: 1 });
    expect(receivedBy(service, browser)).toEqual([]);
    expect((await jobsOf(userId))[0]).toMatchObject({ lastError: "expired" });
  });

  test("held through the night in the browser's zone, across the change to summer time", async () => {
    // Berlin moves its clocks from 02:00 CET to 03:00 CEST on 2026-03-29: 22:30 CET the evening before.
    api.clock.set("2026-03-28T21:30:00Z");
    const { userId, browser } = await subscribed("Europe/Berlin");
    await enqueueJobs(api.domain, [pushJob(userId, round(11))]);
    expect(await api.runJobs()).toMatchObject({ held: 1, done: 0 });
    // 08:00 CEST is 06:00 UTC, not 07:00.
    expect((await jobsOf(userId))[0]).toMatchObject({ runAt: new Date("2026-03-29T06:00:00Z"), attempts: 0 });
    api.clock.set("2026-03-29T05:59:59Z");
    await api.runJobs();
    expect(receivedBy(service, browser)).toEqual([]);
    api.clock.set("2026-03-29T06:00:00Z");
    expect(await api.runJobs()).toMatchObject({ done: 1 });
    expect(receivedBy(service, browser)).toHaveLength(1);
  });

  test("a push service that cannot take it now is tried again after the back-off, or its Retry-After", async () => {
    api.clock.set("2026-03-02T12:00:00Z");
    const { userId, browser } = await subscribed(undefined);
    service.answers.set(browser.path, { status: 503 });
    await enqueueJobs(api.domain, [pushJob(userId, round(13))]);
    expect(await api.runJobs()).toMatchObject({ failed: 1 });
    expect((await jobsOf(userId))[0]).toMatchObject({ attempts: 1, lastError: "push service answered 503" });
    api.clock.advance(59);
    await api.runJobs();
    expect(receivedBy(service, browser)).toHaveLength(1);
    service.answers.set(browser.path, { status: 429, headers: { "retry-after": "600" } });
    api.clock.advance(1);
    expect(await api.runJobs()).toMatchObject({ failed: 1 });
    // Twice 60 s would be 120 s; the push service asked for 600.
    api.clock.advance(599);
    await api.runJobs();
    expect(receivedBy(service, browser)).toHaveLength(2);
    service.answers.delete(browser.path);
    api.clock.advance(1);
    expect(await api.runJobs()).toMatchObject({ done: 1 });
    expect(receivedBy(service, browser)).toHaveLength(3);
    expect((await jobsOf(userId))[0].doneAt).not.toBeNull();
  });
});
