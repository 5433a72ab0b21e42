import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { otpWrongTries } from "#api/src/db/schema.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, loginCall, mailedCode, newDid, nextUtcDay, signUp, type Caller } from "./helpers.ts";

// Decision 054: a code is bound to the device that asked for it; wrong codes are counted per
// account and device across codes. Small numbers keep the runs short.
const WRONG_PER_HOUR = 4;
const LOCK_MINUTES = 15;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ OTP_LOCK_WRONG_PER_HOUR: String(WRONG_PER_HOUR), OTP_LOCK_MINUTES: String(LOCK_MINUTES) });
});
afterAll(async () => api.close());

/** A code that is not `code`. */
function wrongOf(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

async function device(): Promise<Caller> {
  return caller(api, { did: await newDid(api) });
}

async function wrongTriesOf(email: string, did: string): Promise<number> {
  const rows = await api.database.db
    .select()
    .from(otpWrongTries)
    .where(and(eq(otpWrongTries.email, email), eq(otpWrongTries.did, did)));
  return rows.length;
}

describe("a code is bound to the device that asked for it", () => {
  test("another device cannot sign in with it: refused as a wrong code, counted as a wrong try there", async () => {
    nextUtcDay(api);
    const { email } = await signUp(api);
    const owner = await device();
    const code = await mailedCode(api, owner, email, "login");
    const stranger = await device();
    const answer = await loginCall(stranger, email, code);
    expectCode(answer, ErrorCode.wrongCode);
    expect(answer.body.err_msg).toBe((await loginCall(stranger, email, wrongOf(code))).body.err_msg);
    expect(await wrongTriesOf(email, stranger.state.did!)).toBe(2);
    // Without a device id the server gives a new one: no way around the binding.
    expectCode(await loginCall(caller(api), email, code), ErrorCode.wrongCode);
    // The stranger's tries left the owner's code whole.
    expectOk(await loginCall(owner, email, code));
  });

  test("the send answers the device id it bound the code to, a new one when the caller had none", async () => {
    const c = caller(api);
    const { email } = await signUp(api);
    nextUtcDay(api);
    const sent = expectOk(await c.call<{ did: string }>("POST", "/v1/user/vcode/send/", { email, purpose: "login" }));
    expect(sent.did).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(expectOk(await loginCall(caller(api, { did: sent.did }), email, lastCode(api, email))).did).toBe(sent.did);
  });

  test("a stranger asking for a code does not void the owner's", async () => {
    nextUtcDay(api);
    const { email } = await signUp(api);
    const owner = await device();
    const code = await mailedCode(api, owner, email, "login");
    api.clock.advance(api.config.OTP_RESEND_SECONDS);
    await mailedCode(api, await device(), email, "login");
    expectOk(await loginCall(owner, email, code));
  });
});

describe("wrong codes lock code sign-in for the account on that device", () => {
  test("across codes, after the threshold, for the configured minutes, that account and device only", async () => {
    nextUtcDay(api);
    const { email } = await signUp(api);
    const other = await signUp(api);
    const phone = await device();
    // Wrong tries across two codes: the lock counts them together.
    const first = await mailedCode(api, phone, email, "login");
    for (let i = 0; i < 2; i++) expectCode(await loginCall(phone, email, wrongOf(first)), ErrorCode.wrongCode);
    api.clock.advance(api.config.OTP_RESEND_SECONDS);
    const code = await mailedCode(api, phone, email, "login");
    for (let i = 2; i < WRONG_PER_HOUR - 1; i++) expectCode(await loginCall(phone, email, wrongOf(code)), ErrorCode.wrongCode);
    const locking = await loginCall(phone, email, wrongOf(code));
    expectCode(locking, ErrorCode.codeSignInLocked);
    expect(locking.headers?.["retry-after"]).toBe(String(LOCK_MINUTES * 60));
    // Locked: even the right code is refused, with the time left.
    api.clock.advance(5 * 60);
    const meanwhile = await loginCall(phone, email, code);
    expectCode(meanwhile, ErrorCode.codeSignInLocked);
    expect(meanwhile.headers?.["retry-after"]).toBe(String((LOCK_MINUTES - 5) * 60));

    // The owner's own phone is not locked out by what happened on that one.
    const owners = await device();
    expectOk(await loginCall(owners, email, await mailedCode(api, owners, email, "login")));
    // Another account on the locked phone is not locked either (only its code is wrong).
    const otherCode = await mailedCode(api, phone, other.email, "login");
    expectCode(await loginCall(phone, other.email, wrongOf(otherCode)), ErrorCode.wrongCode);

    api.clock.advance((LOCK_MINUTES - 5) * 60 - 1);
    expectCode(await loginCall(phone, email, code), ErrorCode.codeSignInLocked);
    api.clock.advance(1);
    // The lock is over: a fresh run of wrong tries is needed to lock again, and the right code works.
    const fresh = await mailedCode(api, phone, email, "login");
    for (let i = 1; i < WRONG_PER_HOUR; i++) expectCode(await loginCall(phone, email, wrongOf(fresh)), ErrorCode.wrongCode);
    expectOk(await loginCall(phone, email, fresh));
  });

  test("the count is of the last hour", async () => {
    nextUtcDay(api);
    const { email } = await signUp(api);
    const phone = await device();
    const first = await mailedCode(api, phone, email, "login");
    for (let i = 1; i < WRONG_PER_HOUR; i++) expectCode(await loginCall(phone, email, wrongOf(first)), ErrorCode.wrongCode);
    api.clock.advance(3600);
    const code = await mailedCode(api, phone, email, "login");
    expectCode(await loginCall(phone, email, wrongOf(code)), ErrorCode.wrongCode);
    // The tries that no longer count are gone: a pair holds no more rows than one lock's worth.
    expect(await wrongTriesOf(email, phone.state.did!)).toBe(1);
    expectOk(await loginCall(phone, email, code));
  });

  test("the 5 tries per code still burn it, below the lock", async () => {
    const lenient = await createTestApi({ OTP_LOCK_WRONG_PER_HOUR: "50" });
    try {
      const did = expectOk(await caller(lenient).call<{ did: string }>("GET", "/v1/user/did/")).did;
      const { email } = await signUp(lenient);
      const phone = caller(lenient, { did });
      const code = await mailedCode(lenient, phone, email, "login");
      for (let i = 0; i < lenient.config.OTP_MAX_ATTEMPTS; i++) {
        expectCode(await loginCall(phone, email, wrongOf(code)), ErrorCode.wrongCode);
      }
      expectCode(await loginCall(phone, email, code), ErrorCode.wrongCode);
    } finally {
      await lenient.close();
    }
  });

  test("a race of parallel wrong tries counts every one", async () => {
    nextUtcDay(api);
    const { email } = await signUp(api);
    // A device with no code of its own: no code row to queue on, only the lock's own serialization.
    const did = await newDid(api);
    const tries = 12;
    const answers = await Promise.all(Array.from({ length: tries }, () => loginCall(caller(api, { did }), email, "123456")));
    const codes = answers.map((a) => a.body.code);
    // Tries below the threshold are each counted, the one reaching it locks, the rest find the lock.
    expect(codes.filter((c) => c === ErrorCode.wrongCode)).toHaveLength(WRONG_PER_HOUR - 1);
    expect(codes.filter((c) => c === ErrorCode.codeSignInLocked)).toHaveLength(tries - WRONG_PER_HOUR + 1);
    expect(await wrongTriesOf(email, did)).toBe(WRONG_PER_HOUR);
  });
});
