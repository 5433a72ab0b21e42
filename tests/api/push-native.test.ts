import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { jobs, pushTokens } from "#api/src/db/schema.ts";
import { pushJob, type Notification } from "#api/src/domain/push/notifications.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { credentialsFolder, fakeApns, fakeFcm } from "../setup/native-push-services.ts";
import { browserAt, decrypted, PUSH_TEST_SETTINGS, pushService, receivedBy } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { start } from "./airdrop-helpers.ts";
import { expectOk, signUp, type Caller } from "./helpers.ts";

// The native apps' push tokens (bound through the bridge) get the same notifications as the
// browsers, through FCM for Android and APNs for iOS, when their credentials are set. The fakes
// check what the real services check: the signed assertion and provider token, the headers.
// Default 8-hour rounds: they close at 00:00, 08:00 and 16:00 UTC.
const fcm = fakeFcm();
const apns = fakeApns();
const web = pushService();
const files = credentialsFolder();
let api: TestApi;
beforeAll(async () => {
  await Promise.all([fcm.start(), apns.start(), web.start()]);
  api = await createTestApi({
    ...PUSH_TEST_SETTINGS,
    ...fcm.settings(files.write("service-account.json", fcm.serviceAccount())),
    ...apns.settings(files),
    // The first send opens the TLS connection to APNs: more than the push tests' 500 ms on a busy machine.
    PUSH_SEND_TIMEOUT_MS: "5000",
    OUTBOX_RETRY_SECONDS: "60",
  });
});
afterAll(async () => {
  await api?.close();
  await Promise.all([fcm.stop(), apns.stop(), web.stop()]);
  files.remove();
});

let serial = 0;
const androidToken = () => `fcm${++serial}:APA91b${"x".repeat(140)}`;
const iosToken = () => (++serial).toString(16).padStart(64, "a");

/** A minting user speaking `language`, with the app on one phone, its token bound through the bridge's call. */
async function withApp(platform: "android" | "ios", language: string): Promise<{ userId: number; client: Caller; token: string }> {
  const { client, user } = await signUp(api);
  expectOk(await client.call("PUT", "/v1/user/", { ui_lang: language }));
  await start(client);
  const token = platform === "android" ? androidToken() : iosToken();
  expectOk(await client.call("PUT", "/v1/user/push_token/", { token, platform }));
  return { userId: user.id, client, token };
}

/** What a round-closed notice says in `language`, from the push namespace the API words it with. */
function roundWords(language: string, amount: string): { title: string; body: string } {
  const words = JSON.parse(readFileSync(`locales/${language}/push.json`, "utf8")).round;
  return { title: words.title, body: words.body.replace("{{amount}}", amount) };
}

const fcmFor = (token: string) => fcm.received.filter((r) => r.token === token);
const apnsFor = (token: string) => apns.received.filter((r) => r.token === token);
const tokenRow = async (token: string) => (await api.database.db.select().from(pushTokens).where(eq(pushTokens.token, token)))[0];
const round = (n: number): Notification => ({ kind: "round", url: "/airdrop", tag: "round", round: n, amount: "100000000" });

describe("with FCM and APNs credentials", () => {
  test("a round's close reaches an Android app and an iOS app, each in its user's language", async () => {
    api.clock.set("2026-03-02T09:00:00Z");
    const android = await withApp("android", "ar");
    const iphone = await withApp("ios", "ja");
    // Both a browser and the iOS app: each gets it.
    const both = await withApp("ios", "ta");
    const browser = browserAt(web);
    expectOk(await both.client.call("POST", "/v1/user/web_push/subscribe/", { ...browser.json, time_zone: "Asia/Tokyo" }));
    const { client: nobody, user: unreachable } = await signUp(api);
    await start(nobody);

    const close = new Date("2026-03-03T00:00:00Z");
    api.clock.set(close);
    const [paid] = await api.distribute();
    expect(paid.participants).toBe(4);
    const queued = await api.database.db.select().from(jobs).where(eq(jobs.kind, "push"));
    expect(queued.map((j) => (j.payload as { userId: number }).userId).sort()).toEqual([android.userId, iphone.userId, both.userId].sort());
    expect(queued.map((j) => j.payload)).not.toContainEqual(expect.objectContaining({ userId: unreachable.id }));

    api.clock.set("2026-03-03T00:01:00Z");
    expect(await api.runJobs()).toMatchObject({ done: 3, failed: 0 });
    const nextClose = String(Date.parse("2026-03-03T08:00:00Z") / 1000);

    expect(fcmFor(android.token)).toHaveLength(1);
    expect(fcmFor(android.token)[0].message).toEqual({
      token: android.token,
      notification: roundWords("ar", "1"),
      data: { url: "/airdrop", kind: "round", tag: "round", dedupe_key: `push:${android.userId}:round:${paid.round}` },
      // Kept by FCM for a phone that is off until the next close, when it is out of date.
      android: { collapse_key: "round", ttl: "28740s", notification: { tag: "round" } },
    });

    for (const [person, language] of [
      [iphone, "ja"],
      [both, "ta"],
    ] as const) {
      const arrived = apnsFor(person.token);
      expect(arrived).toHaveLength(1);
      expect(arrived[0].payload).toEqual({
        aps: { alert: roundWords(language, "1"), sound: "default", "thread-id": "round" },
        url: "/airdrop",
        kind: "round",
        tag: "round",
        dedupe_key: `push:${person.userId}:round:${paid.round}`,
      });
      expect(arrived[0].headers).toMatchObject({
        "apns-push-type": "alert",
        "apns-topic": apns.bundleId,
        "apns-collapse-id": "round",
        "apns-expiration": nextClose,
        "apns-priority": "10",
      });
    }
    expect(receivedBy(web, browser).map((r) => decrypted(r, browser).body)).toEqual([roundWords("ta", "1").body]);
    // One access token for every send: asked for once.
    expect(fcm.assertions).toHaveLength(1);
  });

  test("tokens the push service no longer knows are deleted; other refusals keep them", async () => {
    api.clock.set("2026-03-04T09:00:00Z");
    const gone = await withApp("android", "en");
    const refused = await withApp("android", "en");
    const unregistered = await withApp("ios", "en");
    const badToken = await withApp("ios", "en");
    fcm.answers.set(gone.token, [
      { status: 404, body: { error: { code: 404, status: "NOT_FOUND", details: [{ errorCode: "UNREGISTERED" }] } } },
    ]);
    fcm.answers.set(refused.token, [{ status: 400, body: { error: { code: 400, status: "INVALID_ARGUMENT" } } }]);
    apns.answers.set(unregistered.token, [{ status: 410, body: { reason: "Unregistered", timestamp: 1772600000000 } }]);
    apns.answers.set(badToken.token, [{ status: 400, body: { reason: "BadDeviceToken" } }]);
    const people = [gone, refused, unregistered, badToken];
    await enqueueJobs(
      api.domain,
      people.map((p) => pushJob(p.userId, round(100))),
    );
    expect(await api.runJobs()).toMatchObject({ done: 4, failed: 0 });
    expect(await tokenRow(gone.token)).toBeUndefined();
    expect(await tokenRow(unregistered.token)).toBeUndefined();
    expect(await tokenRow(badToken.token)).toBeUndefined();
    expect(await tokenRow(refused.token)).toMatchObject({ userId: refused.userId, platform: "android" });

    // Nothing more is sent to the deleted ones.
    await enqueueJobs(
      api.domain,
      people.map((p) => pushJob(p.userId, round(101))),
    );
    await api.runJobs();
    expect(fcmFor(gone.token)).toHaveLength(1);
    expect(apnsFor(unregistered.token)).toHaveLength(1);
    expect(fcmFor(refused.token)).toHaveLength(2);
  });

  test("a push service that cannot take it now (503) is tried again, after its Retry-After", async () => {
    api.clock.set("2026-03-05T09:00:00Z");
    const android = await withApp("android", "en");
    const iphone = await withApp("ios", "en");
    fcm.answers.set(android.token, [{ status: 503, body: { error: { status: "UNAVAILABLE" } }, headers: { "retry-after": "300" } }]);
    apns.answers.set(iphone.token, [{ status: 503, body: { reason: "ServiceUnavailable" } }]);
    await enqueueJobs(api.domain, [pushJob(android.userId, round(200)), pushJob(iphone.userId, round(200))]);
    // Counted as failed attempts, to be tried again.
    expect(await api.runJobs()).toMatchObject({ done: 0, failed: 2 });
    // APNs gave no Retry-After: the usual back-off, OUTBOX_RETRY_SECONDS.
    api.clock.advance(60);
    expect(await api.runJobs()).toMatchObject({ done: 1 });
    expect(apnsFor(iphone.token)).toHaveLength(2);
    expect(fcmFor(android.token)).toHaveLength(1);
    api.clock.advance(239);
    expect(await api.runJobs()).toMatchObject({ done: 0 });
    api.clock.advance(1);
    expect(await api.runJobs()).toMatchObject({ done: 1 });
    // The copy sent again is the same notification: the phone's tag and collapse id show it once.
    const [first, again] = fcmFor(android.token);
    expect(again.message).toEqual(first.message);
    expect(await tokenRow(android.token)).toBeDefined();
    expect(await tokenRow(iphone.token)).toBeDefined();
  });

  test("the access token is kept until near its end; the provider token at most 50 minutes", async () => {
    api.clock.set("2026-03-06T09:00:00Z");
    const android = await withApp("android", "en");
    const iphone = await withApp("ios", "en");
    const sendAt = async (at: string, n: number) => {
      api.clock.set(at);
      await enqueueJobs(api.domain, [pushJob(android.userId, round(n)), pushJob(iphone.userId, round(n))]);
      expect(await api.runJobs()).toMatchObject({ done: 2 });
    };
    await sendAt("2026-03-06T09:00:00Z", 300);
    const firstAssertions = fcm.assertions.length;
    const providerIat = apnsFor(iphone.token)[0].issuedAt;
    await sendAt("2026-03-06T09:49:59Z", 301);
    expect(fcm.assertions).toHaveLength(firstAssertions);
    expect(apnsFor(iphone.token)[1].issuedAt).toBe(providerIat);
    await sendAt("2026-03-06T09:50:00Z", 302);
    expect(apnsFor(iphone.token)[2].issuedAt).toBe(providerIat + 50 * 60);
    // Google's token lasts 3599 s: renewed 5 minutes before its end.
    await sendAt("2026-03-06T09:56:00Z", 303);
    expect(fcm.assertions).toHaveLength(firstAssertions + 1);
    expect(fcm.assertions.at(-1)!.iat).toBe(Date.parse("2026-03-06T09:56:00Z") / 1000);
    expect(fcmFor(android.token)).toHaveLength(4);
  });
});

describe("with keys the push services do not know", () => {
  let strange: TestApi;
  beforeAll(async () => {
    const otherRsa = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const otherEc = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    strange = await createTestApi({
      ...PUSH_TEST_SETTINGS,
      FCM_PROJECT_ID: fcm.projectId,
      FCM_CLIENT_EMAIL: fcm.clientEmail,
      FCM_PRIVATE_KEY: otherRsa,
      FCM_TOKEN_URL: `${fcm.base}/token`,
      FCM_URL: fcm.base,
      ...apns.settings(files),
      APNS_KEY_FILE: files.write("other.p8", otherEc),
      PUSH_SEND_TIMEOUT_MS: "5000",
    });
  });
  afterAll(async () => strange?.close());

  test("nothing is delivered, the tokens are kept, and the job is tried again saying why", async () => {
    const { client, user } = await signUp(strange);
    const token = androidToken();
    expectOk(await client.call("PUT", "/v1/user/push_token/", { token, platform: "android" }));
    const { client: other, user: iphoneUser } = await signUp(strange);
    const deviceToken = iosToken();
    expectOk(await other.call("PUT", "/v1/user/push_token/", { token: deviceToken, platform: "ios" }));
    await enqueueJobs(strange.domain, [pushJob(user.id, round(1)), pushJob(iphoneUser.id, round(1))]);
    expect(await strange.runJobs()).toMatchObject({ done: 0, failed: 2 });
    expect(fcmFor(token)).toEqual([]);
    expect(apnsFor(deviceToken)).toEqual([]);
    // In the order the jobs were queued: PostgreSQL returns an updated table's rows in no set order.
    const errors = (await strange.database.db.select().from(jobs).orderBy(jobs.id)).map((j) => [j.lastError, j.failedAt]);
    expect(errors).toEqual([
      ["push service answered 400", null],
      ["push service answered 403", null],
    ]);
    expect(await strange.database.db.select().from(pushTokens)).toHaveLength(2);
  });
});

describe("without credentials", () => {
  let plain: TestApi;
  beforeAll(async () => {
    plain = await createTestApi({ ...PUSH_TEST_SETTINGS });
  });
  afterAll(async () => plain?.close());

  test("a user whose only device is the app gets no push job at a round's close, and the token is kept", async () => {
    plain.clock.set("2026-03-02T09:00:00Z");
    const { client, user } = await signUp(plain);
    await start(client);
    const token = androidToken();
    expectOk(await client.call("PUT", "/v1/user/push_token/", { token, platform: "android" }));
    plain.clock.set("2026-03-03T00:00:00Z");
    const [paid] = await plain.distribute();
    expect(paid.participants).toBe(1);
    expect(await plain.database.db.select().from(jobs).where(eq(jobs.kind, "push"))).toEqual([]);
    // A notification queued for them by another producer goes nowhere, and keeps the token for when FCM is set.
    await enqueueJobs(plain.domain, [pushJob(user.id, round(paid.round + 1))]);
    expect(await plain.runJobs()).toMatchObject({ done: 1 });
    expect(fcmFor(token)).toEqual([]);
    expect(await plain.database.db.select().from(pushTokens).where(eq(pushTokens.userId, user.id))).toHaveLength(1);
  });
});
