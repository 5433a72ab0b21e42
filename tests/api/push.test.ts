import { createECDH, createPublicKey, verify } from "node:crypto";
import { eq } from "drizzle-orm";
import ece from "http_ece";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { webPushSubscriptions } from "#api/src/db/schema.ts";
import type { Db } from "#api/src/db/client.ts";
import { endpointAllowed, PrivateAddressError, publicOnlyLookup } from "#api/src/domain/push/endpoints.ts";
import { sendWebPush, type PushMessage } from "#api/src/domain/push/send.ts";
import { subscribeWebPush } from "#api/src/domain/push/subscriptions.ts";
import { vapidKeyPair } from "#api/src/domain/push/vapid.ts";
import { browserAt, PUSH_TEST_SETTINGS, pushService, receivedBy, type Browser } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { expectCode, expectOk, logIn, signUp, type Caller } from "./helpers.ts";

const KEY = "/v1/user/web_push/key/";
const SUBSCRIBE = "/v1/user/web_push/subscribe/";
const UNSUBSCRIBE = "/v1/user/web_push/unsubscribe/";
const SUBJECT = PUSH_TEST_SETTINGS.VAPID_SUBJECT;

const service = pushService();
let api: TestApi;
beforeAll(async () => {
  await service.start();
  api = await createTestApi({
    ...PUSH_TEST_SETTINGS,
    // One person signs in on several browsers in a row.
    OTP_RESEND_SECONDS: "0",
    DEVICE_ACCOUNTS_PER_DAY: "5",
    PUSH_SUBSCRIPTIONS_PER_USER: "6",
  });
});
afterAll(async () => {
  await api?.close();
  await service.stop();
});

const browser = () => browserAt(service);

const subscribe = (c: Caller, body: unknown) => c.call("POST", SUBSCRIBE, body);
const rowsOf = (userId: number) => api.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, userId));
const rowOf = async (endpoint: string) =>
  (await api.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, endpoint)))[0];

/** The same person signed in on another browser: a login of its own, on a device of its own. */
async function otherBrowser(email: string): Promise<Caller> {
  const { answer, client } = await logIn(api, email, undefined);
  const session = expectOk(answer);
  client.state.token = session.token;
  client.state.did = session.did;
  return client;
}

const message: PushMessage = {
  title: "Your airdrop round is ready",
  body: "Claim 3.2 VV before the next round",
  url: "/airdrop",
  tag: "round-ready",
  kind: "round",
  dedupeKey: "round:12:user",
};

/** Checks a VAPID Authorization header (`vapid t=<JWT>, k=<public key>`) and returns the JWT's claims. */
function vapidClaims(authorization: string | undefined, publicKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  expect(match, authorization).not.toBeNull();
  const [, header, claims, signature, k] = match!;
  expect(k).toBe(publicKey);
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const signed = Buffer.from(`${header}.${claims}`);
  expect(verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))).toBe(true);
  // The same signature over anything else fails: the check above is a real one.
  expect(
    verify("sha256", Buffer.from(`${header}.${claims}x`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url")),
  ).toBe(false);
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}

describe("the VAPID public key", () => {
  test("is a P-256 public key in base64url, the same on every call", async () => {
    const { client } = await signUp(api);
    const { public_key } = expectOk(await client.call("GET", KEY));
    expect(public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(expectOk(await client.call("GET", KEY)).public_key).toBe(public_key);
    expect(public_key).toBe((await vapidKeyPair(api.domain)).publicKey);
  });

  test("instances starting together on one database agree on one pair", async () => {
    const fresh = await createTestApi();
    try {
      // Each context stands for an instance of its own: its own cache, the same database.
      const instances = Array.from({ length: 4 }, () => ({ ...fresh.domain, db: new Proxy(fresh.database.db, {}) as Db }));
      const pairs = await Promise.all(instances.map((ctx) => vapidKeyPair(ctx)));
      for (const pair of pairs) expect(pair).toEqual(pairs[0]);
      const { client } = await signUp(fresh);
      expect(expectOk(await client.call("GET", KEY)).public_key).toBe(pairs[0].publicKey);
    } finally {
      await fresh.close();
    }
  });

  test("the settings' pair, when given, is the one published", async () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const configured = await createTestApi({
      VAPID_PUBLIC_KEY: ecdh.getPublicKey("base64url"),
      // Always 32 bytes: a key with leading zero bytes comes out of getPrivateKey shorter.
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - ecdh.getPrivateKey().length), ecdh.getPrivateKey()]).toString("base64url"),
    });
    try {
      const { client } = await signUp(configured);
      expect(expectOk(await client.call("GET", KEY)).public_key).toBe(ecdh.getPublicKey("base64url"));
    } finally {
      await configured.close();
    }
  });

  test("without a login: 300103", async () => {
    const { did } = await signUp(api);
    const { client } = await signUp(api);
    client.state.token = undefined;
    client.state.did = did;
    expectCode(await client.call("GET", KEY), ErrorCode.loginExpired);
  });
});

describe("sending", () => {
  test("each of the user's browsers receives the payload, encrypted to it and signed with the published key", async () => {
    const phone = await signUp(api);
    const laptop = await otherBrowser(phone.email);
    const bystander = await signUp(api);
    const [a, b, c] = [browser(), browser(), browser()];
    expectOk(await subscribe(phone.client, { ...a.json, label: "Chrome on Android" }));
    expectOk(await subscribe(laptop, b.json));
    expectOk(await subscribe(bystander.client, c.json));
    expect(await rowOf(a.endpoint)).toMatchObject({
      userId: phone.user.id,
      did: phone.did,
      label: "Chrome on Android",
      lastSuccessAt: null,
    });
    const { public_key } = expectOk(await phone.client.call("GET", KEY));

    api.clock.advance(60);
    const result = await sendWebPush(api.domain, phone.user.id, { message, ttlSeconds: 3600, urgency: "high" });
    expect(result).toEqual({ delivered: 2, removed: 0, retry: [], failed: [] });
    expect(receivedBy(service, c)).toEqual([]);
    for (const sub of [a, b]) {
      const [arrived] = receivedBy(service, sub);
      expect(arrived.headers).toMatchObject({
        ttl: "3600",
        urgency: "high",
        "content-encoding": "aes128gcm",
        "content-type": "application/octet-stream",
      });
      expect(arrived.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      const plain = ece.decrypt(arrived.body, { version: "aes128gcm", privateKey: sub.ecdh, authSecret: sub.auth });
      expect(JSON.parse(plain.toString("utf8"))).toEqual({
        title: message.title,
        body: message.body,
        url: message.url,
        tag: message.tag,
        kind: message.kind,
        dedupe_key: message.dedupeKey,
      });
      const claims = vapidClaims(arrived.headers.authorization, public_key);
      expect(claims.aud).toBe(service.base);
      expect(claims.sub).toBe(SUBJECT);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
      expect((await rowOf(sub.endpoint))!.lastSuccessAt).toEqual(api.clock.now());
    }
    // One tag, one topic: the push service replaces a notification still waiting with the next.
    expect(receivedBy(service, a)[0].headers.topic).toBe(receivedBy(service, b)[0].headers.topic);
    const other = await sendWebPush(api.domain, phone.user.id, { message: { ...message, tag: "team-reminder" }, ttlSeconds: 60 });
    expect(other.delivered).toBe(2);
    expect(receivedBy(service, a)[1].headers.topic).not.toBe(receivedBy(service, a)[0].headers.topic);
    expect(receivedBy(service, a)[1].headers.urgency).toBe("normal");
  });

  test("404 and 410 delete the subscription; 429 and 5xx keep it for a retry; other refusals keep it", async () => {
    const first = await signUp(api);
    const clients = [first.client];
    for (let i = 0; i < 5; i++) clients.push(await otherBrowser(first.email));
    const subs = clients.map(() => browser());
    for (const [i, c] of clients.entries()) expectOk(await subscribe(c, subs[i].json));
    const [gone, notFound, busy, down, bad, fine] = subs;
    service.answers.set(gone.path, { status: 410 });
    service.answers.set(notFound.path, { status: 404 });
    service.answers.set(busy.path, { status: 429, headers: { "retry-after": "120" } });
    service.answers.set(down.path, { status: 503 });
    service.answers.set(bad.path, { status: 400 });
    const idOf = async (b: Browser) => (await rowOf(b.endpoint))!.id;
    const [busyId, downId, badId] = [await idOf(busy), await idOf(down), await idOf(bad)];

    const result = await sendWebPush(api.domain, first.user.id, { message, ttlSeconds: 600 });
    expect(result.delivered).toBe(1);
    expect(result.removed).toBe(2);
    expect(result.retry).toEqual(
      expect.arrayContaining([
        { subscriptionId: busyId, status: 429, retryAfterSeconds: 120 },
        { subscriptionId: downId, status: 503, retryAfterSeconds: null },
      ]),
    );
    expect(result.retry).toHaveLength(2);
    expect(result.failed).toEqual([{ subscriptionId: badId, status: 400 }]);
    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(await rowOf(notFound.endpoint)).toBeUndefined();
    for (const kept of [busy, down, bad]) expect(await rowOf(kept.endpoint)).toMatchObject({ lastSuccessAt: null });
    expect((await rowOf(fine.endpoint))!.lastSuccessAt).toEqual(api.clock.now());
    expect(await rowsOf(first.user.id)).toHaveLength(4);
  });

  test("a push service that does not answer in time is retried later; the others are not held up", async () => {
    const { client, user, email } = await signUp(api);
    const laptop = await otherBrowser(email);
    const [silent, fine] = [browser(), browser()];
    service.answers.set(silent.path, "never");
    expectOk(await subscribe(client, silent.json));
    expectOk(await subscribe(laptop, fine.json));
    const started = Date.now();
    const result = await sendWebPush(api.domain, user.id, { message, ttlSeconds: 60 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toEqual({
      delivered: 1,
      removed: 0,
      retry: [{ subscriptionId: (await rowOf(silent.endpoint))!.id, status: null, retryAfterSeconds: null }],
      failed: [],
    });
    expect(await rowOf(silent.endpoint)).toBeDefined();
  });

  test("a user without subscriptions: nothing sent", async () => {
    const { user } = await signUp(api);
    const before = service.received.length;
    expect(await sendWebPush(api.domain, user.id, { message, ttlSeconds: 60 })).toEqual({
      delivered: 0,
      removed: 0,
      retry: [],
      failed: [],
    });
    expect(service.received.length).toBe(before);
  });
});

describe("POST /v1/user/web_push/subscribe/", () => {
  test("the same endpoint subscribed by another account moves to it", async () => {
    const first = await signUp(api);
    const second = await signUp(api);
    const b = browser();
    expectOk(await subscribe(first.client, b.json));
    await sendWebPush(api.domain, first.user.id, { message, ttlSeconds: 60 });
    expect((await rowOf(b.endpoint))!.lastSuccessAt).not.toBeNull();
    api.clock.advance(30);
    expectOk(await subscribe(second.client, b.json));
    expect(await rowsOf(first.user.id)).toEqual([]);
    expect(await rowOf(b.endpoint)).toMatchObject({
      userId: second.user.id,
      did: second.did,
      createdAt: api.clock.now(),
      lastSuccessAt: null,
    });
    // Subscribing it again keeps it as it was.
    api.clock.advance(30);
    expectOk(await subscribe(second.client, b.json));
    expect((await rowOf(b.endpoint))!.createdAt.getTime()).toBe(api.clock.now().getTime() - 30_000);
  });

  test("two accounts subscribing one endpoint at once leave one row, of one of them", async () => {
    const accounts = await Promise.all([signUp(api), signUp(api)]);
    for (let round = 0; round < 5; round++) {
      const b = browser();
      const answers = await Promise.all(accounts.map((a) => subscribe(a.client, b.json)));
      for (const answer of answers) expectOk(answer);
      const rows = await api.database.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, b.endpoint));
      expect(rows).toHaveLength(1);
      expect(accounts.map((a) => a.user.id)).toContain(rows[0].userId);
    }
  });

  test("an account keeps its newest PUSH_SUBSCRIPTIONS_PER_USER subscriptions", async () => {
    const { user } = await signUp(api);
    const browsers = Array.from({ length: 8 }, () => browser());
    for (const [i, b] of browsers.entries()) {
      api.clock.advance(1);
      await subscribeWebPush(api.domain, { userId: user.id, did: `cap-${user.id}-${i}` }, b.json);
    }
    expect((await rowsOf(user.id)).map((r) => r.endpoint).sort()).toEqual(
      browsers
        .slice(2)
        .map((b) => b.endpoint)
        .sort(),
    );
  });

  test("a browser's new subscription replaces the one it had", async () => {
    const { client, user } = await signUp(api);
    const [old, renewed] = [browser(), browser()];
    expectOk(await subscribe(client, old.json));
    expectOk(await subscribe(client, renewed.json));
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([renewed.endpoint]);
  });

  test("an endpoint that is no http(s) URL: 300120; keys of the wrong shape or off the curve: 300121; nothing stored", async () => {
    const { client, user } = await signUp(api);
    const good = browser().json;
    for (const endpoint of [
      "",
      "push.example.com/x",
      "ftp://push.example.com/x",
      "javascript:alert(1)",
      "https://user:secret@push.example.com/x",
      `https://push.example.com/${"x".repeat(2048)}`,
      // The URL parser takes control characters; PostgreSQL text cannot hold a NUL.
      `${good.endpoint}\u0000`,
      `${good.endpoint}\nx`,
    ]) {
      expectCode(await subscribe(client, { ...good, endpoint }), ErrorCode.pushEndpointInvalid);
    }
    const offCurve = `B${"A".repeat(86)}`;
    for (const keys of [
      { ...good.keys, p256dh: good.keys.p256dh.slice(1) },
      { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` },
      { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}+` },
      { ...good.keys, p256dh: offCurve },
      { ...good.keys, auth: good.keys.auth.slice(1) },
      { ...good.keys, auth: `${good.keys.auth}AA` },
      // Base64 as opposed to base64url.
      { ...good.keys, auth: `${"ab+/".repeat(5)}ab` },
    ]) {
      expectCode(await subscribe(client, { ...good, keys }), ErrorCode.pushKeysInvalid);
    }
    for (const body of [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: 42 },
      { ...good, keys: { p256dh: good.keys.p256dh } },
      { ...good, label: "x".repeat(201) },
    ]) {
      expectCode(await subscribe(client, body), ErrorCode.badRequest, 400);
    }
    expect(await rowsOf(user.id)).toEqual([]);
    // Padded base64url, as some browsers give it, is taken without the padding.
    expectOk(await subscribe(client, { ...good, keys: { p256dh: `${good.keys.p256dh}=`, auth: `${good.keys.auth}==` } }));
    expect(await rowsOf(user.id)).toEqual([expect.objectContaining({ p256dh: good.keys.p256dh, auth: good.keys.auth })]);
  });

  test("without a login: 300103, nothing stored", async () => {
    const b = browser();
    const { client } = await signUp(api);
    client.state.token = "garbage";
    expectCode(await subscribe(client, b.json), ErrorCode.loginExpired);
    expect(await rowOf(b.endpoint)).toBeUndefined();
  });
});

describe("endpoints outside the public internet", () => {
  test("without PUSH_ENDPOINT_ALLOW_LOCAL only https on a public host is taken", async () => {
    const strict = await createTestApi();
    try {
      expect(strict.config.PUSH_ENDPOINT_ALLOW_LOCAL).toBe(false);
      const { client, user } = await signUp(strict);
      const keys = browser().json.keys;
      for (const endpoint of [
        `${service.base}/push/x`,
        "http://push.example.com/x",
        "https://127.0.0.1/x",
        "https://10.1.2.3/x",
        "https://172.20.0.1/x",
        "https://192.168.1.1/x",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/x",
        "https://0.0.0.0/x",
        "https://[::1]/x",
        "https://[::ffff:127.0.0.1]/x",
        "https://[fd00::1]/x",
        "https://[fe80::1]/x",
        "https://localhost/x",
        "https://push.localhost/x",
        "https://printer.local/x",
        "https://metadata.internal/x",
        "https://intranet/x",
      ]) {
        expectCode(await subscribe(client, { endpoint, keys }), ErrorCode.pushEndpointInvalid);
      }
      expect(await strict.database.db.select().from(webPushSubscriptions)).toEqual([]);
      expectOk(await subscribe(client, { endpoint: "https://fcm.googleapis.com/fcm/send/abc:def", keys }));
      expectOk(await subscribe(client, { endpoint: "https://[2606:4700::1111]/push/x", keys }));
      const [saved] = await strict.database.db.select().from(webPushSubscriptions);
      expect(saved).toMatchObject({ userId: user.id, endpoint: "https://[2606:4700::1111]/push/x" });

      // Rows that lead to a private address (saved under another rule) are dropped at send time, unsent.
      const before = service.received.length;
      await strict.database.db
        .update(webPushSubscriptions)
        .set({ endpoint: "https://127.0.0.1:1/push/old" })
        .where(eq(webPushSubscriptions.id, saved.id));
      await strict.database.db
        .insert(webPushSubscriptions)
        .values({ ...saved, id: undefined, did: null, endpoint: `${service.base}/push/old` });
      const result = await sendWebPush(strict.domain, user.id, { message, ttlSeconds: 60 });
      expect(result).toEqual({ delivered: 0, removed: 2, retry: [], failed: [] });
      expect(service.received.length).toBe(before);
      expect(await strict.database.db.select().from(webPushSubscriptions)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  test("an address literal outside global unicast is refused like any other such endpoint", async () => {
    const strict = await createTestApi();
    try {
      const { client } = await signUp(strict);
      const keys = browser().json.keys;
      for (const endpoint of [
        "https://[::127.0.0.1]:9971/x",
        "https://[::ffff:0:7f00:1]/x",
        "https://[fec0::1]/x",
        "https://192.88.99.1/x",
      ]) {
        expectCode(await subscribe(client, { endpoint, keys }), ErrorCode.pushEndpointInvalid);
      }
      expect(await strict.database.db.select().from(webPushSubscriptions)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  test("a name is checked again once resolved: one that leads to this machine is refused", async () => {
    expect(endpointAllowed("https://push.example.com/x", false)).toBe(true);
    const resolved = await new Promise<unknown>((resolve) => publicOnlyLookup(false)("localhost", {}, (error) => resolve(error)));
    expect(resolved).toBeInstanceOf(PrivateAddressError);
    const allowed = await new Promise<unknown>((resolve) =>
      publicOnlyLookup(true)("localhost", {}, (error, address) => resolve(error ?? address)),
    );
    expect(allowed).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe("removal", () => {
  test("unsubscribe removes the caller's subscription with that endpoint, never another account's", async () => {
    const owner = await signUp(api);
    const other = await signUp(api);
    const [mine, theirs] = [browser(), browser()];
    expectOk(await subscribe(owner.client, mine.json));
    expectOk(await subscribe(other.client, theirs.json));
    expectOk(await owner.client.call("POST", UNSUBSCRIBE, { endpoint: theirs.endpoint }));
    expect(await rowOf(theirs.endpoint)).toMatchObject({ userId: other.user.id });
    expectOk(await owner.client.call("POST", UNSUBSCRIBE, { endpoint: mine.endpoint }));
    expect(await rowOf(mine.endpoint)).toBeUndefined();
    // Nothing left to remove is no error, nor is what could never have been subscribed.
    expectOk(await owner.client.call("POST", UNSUBSCRIBE, { endpoint: mine.endpoint }));
    expectOk(await owner.client.call("POST", UNSUBSCRIBE, { endpoint: `${theirs.endpoint}\u0000` }));
    expect(await rowOf(theirs.endpoint)).toBeDefined();
  });

  test("a label is shown, never parsed: its control characters are dropped", async () => {
    const { client } = await signUp(api);
    const phone = browser();
    expectOk(await subscribe(client, { ...phone.json, label: "Firefox\u0000 on\u0007 Android" }));
    expect(await rowOf(phone.endpoint)).toMatchObject({ label: "Firefox on Android" });
  });

  test("logout removes this device's subscriptions, not the account's other browsers'", async () => {
    const phone = await signUp(api);
    const laptop = await otherBrowser(phone.email);
    const [a, b] = [browser(), browser()];
    expectOk(await subscribe(phone.client, a.json));
    expectOk(await subscribe(laptop, b.json));
    expectOk(await phone.client.call("POST", "/v1/user/logout/"));
    expect(await rowOf(a.endpoint)).toBeUndefined();
    expect(await rowsOf(phone.user.id)).toEqual([expect.objectContaining({ endpoint: b.endpoint })]);
  });

  test("logout removes the endpoint the browser names, of this account only", async () => {
    const { client, user, email } = await signUp(api);
    const other = await signUp(api);
    const [unknownDevice, theirs] = [browser(), browser()];
    // A subscription saved without a device id (a login that had none).
    await api.database.db.insert(webPushSubscriptions).values({
      userId: user.id,
      did: null,
      endpoint: unknownDevice.endpoint,
      p256dh: unknownDevice.json.keys.p256dh,
      auth: unknownDevice.json.keys.auth,
      createdAt: api.clock.now(),
    });
    expectOk(await subscribe(other.client, theirs.json));
    const laptop = await otherBrowser(email);
    expectOk(await laptop.call("POST", "/v1/user/logout/", { web_push_endpoint: theirs.endpoint }));
    expect(await rowOf(theirs.endpoint)).toBeDefined();
    expectOk(await client.call("POST", "/v1/user/logout/", { web_push_endpoint: `${unknownDevice.endpoint}\u0000` }));
    expect(await rowOf(unknownDevice.endpoint)).toBeDefined();
    const again = await otherBrowser(email);
    expectOk(await again.call("POST", "/v1/user/logout/", { web_push_endpoint: unknownDevice.endpoint }));
    expect(await rowOf(unknownDevice.endpoint)).toBeUndefined();
  });

  test("deleting the account removes every browser's subscription", async () => {
    const phone = await signUp(api);
    const laptop = await otherBrowser(phone.email);
    const bystander = await signUp(api);
    const [a, b, c] = [browser(), browser(), browser()];
    expectOk(await subscribe(phone.client, a.json));
    expectOk(await subscribe(laptop, b.json));
    expectOk(await subscribe(bystander.client, c.json));
    expectOk(await phone.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await rowsOf(phone.user.id)).toEqual([]);
    expect(await rowOf(c.endpoint)).toMatchObject({ userId: bystander.user.id });
  });

  test("a ban removes every browser's subscription, and an unban brings none back", async () => {
    const phone = await signUp(api);
    const laptop = await otherBrowser(phone.email);
    const bystander = await signUp(api);
    const [a, b, c] = [browser(), browser(), browser()];
    expectOk(await subscribe(phone.client, a.json));
    expectOk(await subscribe(laptop, b.json));
    expectOk(await subscribe(bystander.client, c.json));
    expect(await setUserBan(api.domain, { email: phone.email, banned: true, actor: "test" })).toBe(true);
    expect(await rowsOf(phone.user.id)).toEqual([]);
    expect(await rowOf(c.endpoint)).toMatchObject({ userId: bystander.user.id });
    expectCode(await subscribe(phone.client, a.json), ErrorCode.accountBanned);
    await setUserBan(api.domain, { email: phone.email, banned: false, actor: "test" });
    expect(await rowsOf(phone.user.id)).toEqual([]);
  });
});
