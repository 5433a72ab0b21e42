import { solveChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, newDid, registerCall, sendCode, signUp, uniqueEmail, uniqueIp, type Caller } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({
    SIGNUP_POW_IP_PER_HOUR: "3",
    SIGNUP_POW_INVITER_PER_HOUR: "2",
    SIGNUP_POW_MAX_NUMBER: "2000",
    SIGNUP_WAIT_SECONDS: "30",
    SIGNUP_POW_TTL_SECONDS: "600",
    DISPOSABLE_DOMAINS_EXTRA: "junkbox.example",
    DISPOSABLE_DOMAINS_ALLOW: "yopmail.com",
  });
});
afterAll(async () => api.close());

const send = (c: Caller, email: string, extra: Record<string, unknown> = {}) =>
  c.call("POST", "/v1/user/vcode/send/", { email, purpose: "register", ...extra });

async function challenge(c: Caller, email: string) {
  return expectOk(await c.call("POST", "/v1/user/signup/challenge/", { email }));
}

/** What a browser does with the challenge: finds the number, answers ALTCHA's payload. */
async function solved(c: Caller, email: string): Promise<string> {
  const ch = await challenge(c, email);
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution!.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** An IP that has asked for as many sign-up codes this hour as the rate allows. */
async function pressedIp(): Promise<Caller> {
  const c = caller(api, { ip: uniqueIp() });
  for (let i = 0; i < api.config.SIGNUP_POW_IP_PER_HOUR; i++) expectOk(await send(c, uniqueEmail("burst")));
  return c;
}

describe("disposable e-mail domains", () => {
  test("a listed domain, a subdomain of one and an operator's extra are refused when the code is asked for: no mail goes", async () => {
    const c = caller(api);
    const mails = api.mails.length;
    for (const email of ["x@mailinator.com", "x@box7.mailinator.com", "x@JunkBox.example", "x@a.junkbox.example"]) {
      expectCode(await send(c, email), ErrorCode.disposableEmail);
    }
    expect(api.mails.length).toBe(mails);
  });

  test("refused again at registration, and an exempted domain signs up", async () => {
    const c = caller(api);
    expectCode(await registerCall(c, "x@mailinator.com", "123456"), ErrorCode.disposableEmail);
    const { user } = await signUp(api, { email: uniqueEmail("allowed").replace("example.com", "yopmail.com") });
    expect(user.email).toMatch(/@yopmail\.com$/);
  });

  test("an account made before the domain was listed still logs in", async () => {
    const email = uniqueEmail("older").replace("example.com", "later-listed.example");
    const { did } = await signUp(api, { email });
    api.config.DISPOSABLE_DOMAINS_EXTRA.push("later-listed.example");
    try {
      expectCode(await send(caller(api), uniqueEmail("new").replace("example.com", "later-listed.example")), ErrorCode.disposableEmail);
      const c = caller(api, { did });
      expectOk(await sendCode(c, email, "login"));
      expectOk(await c.call("POST", "/v1/user/login/", { email, code: lastCode(api, email) }));
    } finally {
      api.config.DISPOSABLE_DOMAINS_EXTRA.pop();
    }
  });
});

describe("proof of work under pressure", () => {
  test("below the rate nothing is asked: codes go and accounts open without a proof", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < api.config.SIGNUP_POW_IP_PER_HOUR; i++) {
      const c = caller(api, { ip, did: await newDid(api) });
      const email = uniqueEmail("calm");
      expectOk(await send(c, email));
      expectOk(await registerCall(c, email, lastCode(api, email)));
    }
  });

  test("above the IP's rate the code wants a solved challenge; the solution is good once", async () => {
    const c = await pressedIp();
    const email = uniqueEmail("pressed");
    const mails = api.mails.length;
    expectCode(await send(c, email), ErrorCode.signupProofRequired);
    expect(api.mails.length).toBe(mails);
    const proof = await solved(c, email);
    expectOk(await send(c, email, { proof }));
    const other = uniqueEmail("replay");
    expectCode(await send(c, other, { proof }), ErrorCode.signupProofInvalid);
    // The registration that follows is not weighed by the IP again: its code was.
    expectOk(await registerCall(c, email, lastCode(api, email)));
  });

  test("one solution sent twice at once: one code goes, the other is refused", async () => {
    const c = await pressedIp();
    const email = uniqueEmail("race");
    const proof = await solved(c, email);
    const answers = await Promise.all([send(c, email, { proof }), send(c, uniqueEmail("race"), { proof })]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, ErrorCode.signupProofInvalid]);
  });

  test("the addresses of one IPv6 /64 are one client: they meet the proof at the same count as one IPv4 address", async () => {
    const rate = api.config.SIGNUP_POW_IP_PER_HOUR;
    const answers = async (ipOf: (i: number) => string) => {
      const codes = [];
      for (let i = 1; i <= rate + 2; i++) codes.push((await send(caller(api, { ip: ipOf(i) }), uniqueEmail("net"))).body.code);
      return codes;
    };
    const expected = [...Array<number>(rate).fill(0), ErrorCode.signupProofRequired, ErrorCode.signupProofRequired];
    const v4 = uniqueIp();
    expect(await answers(() => v4)).toEqual(expected);
    expect(await answers((i) => `2001:db8:77:1::${i.toString(16)}`)).toEqual(expected);
    // The next /64 is another client.
    expectOk(await send(caller(api, { ip: "2001:db8:77:2::1" }), uniqueEmail("next-net")));
  });

  test("a wrong, a forged or an expired solution is refused", async () => {
    const c = await pressedIp();
    const email = uniqueEmail("wrong");
    const good = JSON.parse(Buffer.from(await solved(c, email), "base64").toString());
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    expectCode(await send(c, email, { proof: b64({ ...good, number: good.number + 1 }) }), ErrorCode.signupProofInvalid);
    expectCode(await send(c, email, { proof: b64({ ...good, signature: "0".repeat(64) }) }), ErrorCode.signupProofInvalid);
    expectCode(await send(c, email, { proof: "not base64 json" }), ErrorCode.signupProofInvalid);
    const late = await solved(c, email);
    api.clock.advance(api.config.SIGNUP_POW_TTL_SECONDS + 1);
    expectCode(await send(c, email, { proof: late }), ErrorCode.signupProofInvalid);
  });

  test("without the work, the wait ticket: refused before its time with Retry-After, good once after, for its own mailbox only", async () => {
    const c = await pressedIp();
    const email = uniqueEmail("waiting");
    const { wait_ticket, wait_seconds } = await challenge(c, email);
    expect(wait_seconds).toBe(30);
    const early = await send(c, email, { proof: wait_ticket });
    expectCode(early, ErrorCode.signupWaitNotOver);
    expect(Number(early.headers?.["retry-after"])).toBeGreaterThan(0);
    api.clock.advance(31);
    expectCode(await send(c, uniqueEmail("other"), { proof: wait_ticket }), ErrorCode.signupProofInvalid);
    expectCode(await send(await pressedIp(), email, { proof: wait_ticket }), ErrorCode.signupProofInvalid);
    expectOk(await send(c, email, { proof: wait_ticket }));
    api.clock.advance(api.config.OTP_RESEND_SECONDS);
    expectCode(await send(c, email, { proof: wait_ticket }), ErrorCode.signupProofInvalid);
  });

  test("an inviter whose code brought its rate of accounts this hour: the next sign-up with it wants a proof, at the code and at registration", async () => {
    const inviter = await signUp(api);
    const code = inviter.user.invite_code;
    for (let i = 0; i < api.config.SIGNUP_POW_INVITER_PER_HOUR; i++) await signUp(api, { invite: code });
    const c = caller(api, { ip: uniqueIp() });
    const email = uniqueEmail("invited");
    expectCode(await send(c, email, { invite_code: code }), ErrorCode.signupProofRequired);
    expectOk(await send(c, email, { invite_code: code, proof: await solved(c, email) }));
    // The invite code may first be given at registration: weighed there too.
    expectCode(await registerCall(c, email, lastCode(api, email), { invite_code: code }), ErrorCode.signupProofRequired);
    const user = expectOk(await registerCall(c, email, lastCode(api, email), { invite_code: code, proof: await solved(c, email) })).user;
    expect(user.inviter_id).toBe(inviter.user.id);
    // Another inviter's sign-ups from the same kind of place are untouched.
    const calm = await signUp(api);
    await signUp(api, { invite: calm.user.invite_code });
  });
});
