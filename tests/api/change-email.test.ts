import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { otpWrongTries } from "#api/src/db/schema.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, logIn, nextUtcDay, signUp, speaks, uniqueEmail, type Caller } from "./helpers.ts";

// Decision 056: a change of e-mail is confirmed by a code mailed to the new address.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

const sendChange = (c: Caller, email: string) => c.call("POST", "/v1/user/email/vcode/send/", { email });
const confirmChange = (c: Caller, email: string, code: string) => c.call("POST", "/v1/user/email/", { email, code });

/** Sends the change code from the signed-in client and returns it as read from the new address's mail. */
async function changeCode(c: Caller, email: string): Promise<string> {
  expectOk(await sendChange(c, email));
  return lastCode(api, email.toLowerCase());
}

function wrongOf(code: string): string {
  return code === "000000" ? "111111" : "000000";
}

describe("change of e-mail", () => {
  test("a code goes to the new address; with it the account moves there and signs in by it", async () => {
    nextUtcDay(api);
    const { client, email } = await signUp(api);
    const next = uniqueEmail("moved");
    const code = await changeCode(client, next);
    expect(api.mails.at(-1)!.to).toBe(next);
    expect(api.mails.at(-1)!.text).toContain("make this address your account's e-mail");
    const { user } = expectOk(await confirmChange(client, next, code));
    expect(user.email).toBe(next);
    expect(expectOk(await client.call("GET", "/v1/user/")).email).toBe(next);
    nextUtcDay(api);
    expectOk((await logIn(api, next, client.state.did)).answer);
    expectCode((await logIn(api, email, undefined)).answer, ErrorCode.emailNotFound);
  });

  test("a wrong code is refused and changes nothing; the code is the account's and the device's", async () => {
    nextUtcDay(api);
    const { client, email } = await signUp(api);
    const next = uniqueEmail("moved");
    const code = await changeCode(client, next);
    expectCode(await confirmChange(client, next, wrongOf(code)), ErrorCode.wrongCode);
    // Counted where the account's own sign-in lock counts (decision 054), not under the new address.
    const tries = await api.database.db
      .select()
      .from(otpWrongTries)
      .where(and(eq(otpWrongTries.email, email), eq(otpWrongTries.did, client.state.did!)));
    expect(tries).toHaveLength(1);
    // The same account on another device, and another account on this device, cannot use it.
    const elsewhere = caller(api, { token: client.state.token, did: (await signUp(api)).did });
    expectCode(await confirmChange(elsewhere, next, code), ErrorCode.wrongCode);
    const other = await signUp(api, { did: client.state.did });
    expectCode(await confirmChange(other.client, next, code), ErrorCode.wrongCode);
    expect(expectOk(await client.call("GET", "/v1/user/")).email).toBe(email);
    expectOk(await confirmChange(client, next, code));
  });

  test("an address of another account is refused, in any variant of its mailbox; the own one too", async () => {
    nextUtcDay(api);
    const owner = await signUp(api, { email: `ab.cd${Date.now()}@gmail.com` });
    const { client, email } = await signUp(api);
    const variant = owner.email.replace("ab.cd", "abcd").replace("@", "+new@");
    expectCode(await sendChange(client, variant), ErrorCode.emailTaken);
    expectCode(await sendChange(client, owner.email.toUpperCase()), ErrorCode.emailTaken);
    expectCode(await sendChange(client, email), ErrorCode.emailUnchanged);
    expectCode(await sendChange(client, "not-an-address"), ErrorCode.invalidEmail);
  });

  test("two accounts claiming one mailbox at once: the database lets one have it", async () => {
    nextUtcDay(api);
    const first = await signUp(api);
    const second = await signUp(api);
    const stem = `race${Date.now()}`;
    const one = `${stem}@gmail.com`;
    const other = `${stem.slice(0, 2)}.${stem.slice(2)}+x@gmail.com`;
    const codeOne = await changeCode(first.client, one);
    const codeOther = await changeCode(second.client, other);
    const answers = await Promise.all([confirmChange(first.client, one, codeOne), confirmChange(second.client, other, codeOther)]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes).toEqual([0, ErrorCode.emailTaken]);
  });

  test("the old address gets a notice in the account's language, and is free for a new account", async () => {
    nextUtcDay(api);
    const { client, email } = await signUp(api);
    await speaks(client, "ar");
    const next = uniqueEmail("nadia");
    expectOk(await confirmChange(client, next, await changeCode(client, next)));
    await api.deliverMail();
    const notice = api.mails.filter((m) => m.to === email).at(-1)!;
    expect(notice.subject).toBe("تم تغيير بريدك الإلكتروني في VV");
    expect(notice.text).toContain("n***@example.com");
    expect(notice.text).not.toContain(next);
    expect(notice.html).toContain('dir="rtl"');
    expect(notice.html).toContain("<bdi>n***@example.com</bdi>");
    nextUtcDay(api);
    expect((await signUp(api, { email })).user.email).toBe(email);
  });
});
