import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { devices, users } from "#api/src/db/schema.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectOk, loginCall, mailedCode, newDid, nextUtcDay, registerCall, sendCode, signUp, uniqueEmail } from "./helpers.ts";

// Real parallel requests: on PostgreSQL they run on separate pooled connections.
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const code of codes) out[code] = (out[code] ?? 0) + 1;
  return out;
}

test("20 parallel registrations of one e-mail with its code: exactly one account", async () => {
  const email = uniqueEmail("race-same");
  const did = await newDid(api);
  const code = await mailedCode(api, caller(api, { did }), email, "register");
  const answers = await Promise.all(Array.from({ length: 20 }, () => registerCall(caller(api, { did }), email, code)));
  const codes = answers.map((a) => a.body.code);
  expect(
    codes.filter((c) => c === 0),
    JSON.stringify(tally(codes)),
  ).toHaveLength(1);
  // The used code is a wrong one for the others: past OTP_LOCK_WRONG_PER_HOUR of them the device is locked.
  for (const c of codes) expect([0, ErrorCode.wrongCode, ErrorCode.emailRegistered, ErrorCode.codeSignInLocked]).toContain(c);
  for (const a of answers) expect(a.status).toBe(200);
  const rows = await api.database.db.select().from(users).where(eq(users.email, email));
  expect(rows).toHaveLength(1);
});

test("10 parallel registrations from one device: exactly 3 succeed, the rest 300016", async () => {
  nextUtcDay(api);
  const did = await newDid(api);
  const emails = Array.from({ length: 10 }, () => uniqueEmail("race-dev"));
  const codes: string[] = [];
  for (const email of emails) codes.push(await mailedCode(api, caller(api, { did }), email, "register"));
  const answers = await Promise.all(emails.map((email, i) => registerCall(caller(api, { did }), email, codes[i])));
  const result = answers.map((a) => a.body.code);
  expect(
    result.filter((c) => c === 0),
    JSON.stringify(tally(result)),
  ).toHaveLength(3);
  expect(result.filter((c) => c === ErrorCode.deviceRegisterLimit)).toHaveLength(7);
  const [device] = await api.database.db.select().from(devices).where(eq(devices.did, did));
  expect(device.registrations).toBe(3);
  for (const a of answers.filter((x) => x.body.code === 0)) expect(a.body.data.did).toBe(did);
});

test("parallel logins of two accounts on one device the same day: exactly one succeeds", async () => {
  for (let round = 0; round < 3; round++) {
    nextUtcDay(api);
    const a = await signUp(api);
    const b = await signUp(api);
    const did = await newDid(api);
    const codeA = await mailedCode(api, caller(api, { did }), a.email, "login");
    const codeB = await mailedCode(api, caller(api, { did }), b.email, "login");
    const answers = await Promise.all([loginCall(caller(api, { did }), a.email, codeA), loginCall(caller(api, { did }), b.email, codeB)]);
    const result = answers.map((x) => x.body.code).sort();
    expect(result).toEqual([0, ErrorCode.deviceDailyLogin]);
  }
});

test("10 parallel sends to one e-mail: one code goes out, the rest wait (300104)", async () => {
  const email = uniqueEmail("race-send");
  const before = api.mails.filter((m) => m.to === email).length;
  const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(caller(api), email, "register")));
  const result = answers.map((a) => a.body.code);
  expect(
    result.filter((c) => c === 0),
    JSON.stringify(tally(result)),
  ).toHaveLength(1);
  expect(result.filter((c) => c === ErrorCode.sendCodeTooSoon)).toHaveLength(9);
  expect(api.mails.filter((m) => m.to === email).length - before).toBe(1);
  const sentFor = answers.find((a) => a.body.code === 0)!.body.data!.did;
  expectOk(await registerCall(caller(api, { did: sentFor }), email, lastCode(api, email)));
});

test.each([
  { client: "one IP", ipOf: () => "203.0.113.45" },
  { client: "the addresses of one IPv6 /64", ipOf: (i: number) => `2001:db8:45:1::${(i + 1).toString(16)}` },
])("45 parallel sends from $client to different e-mails: exactly the per-IP limit (30) goes out", async ({ client, ipOf }) => {
  const answers = await Promise.all(
    Array.from({ length: 45 }, (_, i) => sendCode(caller(api, { ip: ipOf(i) }), uniqueEmail(`race-${client.length}-${i}`), "register")),
  );
  const result = answers.map((a) => a.body.code);
  expect(
    result.filter((c) => c === 0),
    JSON.stringify(tally(result)),
  ).toHaveLength(api.config.OTP_MAX_PER_IP_PER_HOUR);
  expect(result.filter((c) => c === ErrorCode.sendCodeTooMany)).toHaveLength(45 - api.config.OTP_MAX_PER_IP_PER_HOUR);
});

test("parallel invite binds: exactly one inviter is bound", async () => {
  const inviters = await Promise.all([0, 1, 2, 3].map(() => signUp(api)));
  const me = await signUp(api);
  const answers = await Promise.all(
    inviters.map((i) => me.client.call("POST", "/v1/user/invite_code/", { invite_code: i.user.invite_code })),
  );
  const result = answers.map((a) => a.body.code);
  expect(
    result.filter((c) => c === 0),
    JSON.stringify(tally(result)),
  ).toHaveLength(1);
  expect(result.filter((c) => c === ErrorCode.inviteAlreadyBound)).toHaveLength(3);
  const winner = answers.find((a) => a.body.code === 0)!.body.data.user.inviter_id;
  expect(expectOk(await me.client.call("GET", "/v1/user/")).inviter_id).toBe(winner);
});

test("two accounts binding each other's code in parallel never form a cycle", async () => {
  for (let round = 0; round < 3; round++) {
    const a = await signUp(api);
    const b = await signUp(api);
    await Promise.all([
      a.client.call("POST", "/v1/user/invite_code/", { invite_code: b.user.invite_code }),
      b.client.call("POST", "/v1/user/invite_code/", { invite_code: a.user.invite_code }),
    ]);
    const [ra] = await api.database.db.select().from(users).where(eq(users.id, a.user.id));
    const [rb] = await api.database.db.select().from(users).where(eq(users.id, b.user.id));
    expect(ra.inviterId === b.user.id && rb.inviterId === a.user.id, "a 2-cycle was formed").toBe(false);
  }
});
