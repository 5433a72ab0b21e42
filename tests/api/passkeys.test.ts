import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { setDeviceBan, setUserBan } from "#api/src/domain/accounts/bans.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { SoftAuthenticator } from "../setup/soft-authenticator.ts";
import { caller, expectCode, expectOk, newDid, nextUtcDay, signUp, type Caller } from "./helpers.ts";

const ORIGIN = "http://localhost:3000";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL: ORIGIN, PASSKEYS_PER_USER: "3" });
});
afterAll(async () => api.close());

/** Adds a passkey to the signed-in account through the real calls; returns the raw answer of the addition. */
async function addPasskey(c: Caller, authenticator: SoftAuthenticator) {
  const { options } = expectOk(await c.call("GET", "/v1/user/passkeys/options/"));
  return c.call("POST", "/v1/user/passkeys/add/", { credential: authenticator.create(options) }, {}, { "user-agent": ANDROID_CHROME });
}

/** Asks for sign-in options as a device (a new one without a did) and answers them: the options' did and the credential. */
async function answer(authenticator: SoftAuthenticator, did?: string) {
  const options = expectOk(await caller(api, { did }).call("GET", "/v1/user/passkey/options/"));
  return { did: options.did as string, credential: authenticator.get(options.options) };
}

function signIn(did: string, credential: unknown) {
  return caller(api, { did }).call("POST", "/v1/user/passkey/login/", { credential }, {}, { "user-agent": ANDROID_CHROME });
}

/** A new account, on a new UTC day (its device rules fresh), with a passkey on a phone. */
async function ownerWithPasskey() {
  nextUtcDay(api);
  const owner = await signUp(api);
  const phone = new SoftAuthenticator(ORIGIN);
  const { passkey } = expectOk(await addPasskey(owner.client, phone));
  return { owner, phone, passkey };
}

const list = async (c: Caller) => expectOk(await c.call("GET", "/v1/user/passkeys/")).passkeys as Record<string, unknown>[];

describe("adding a passkey and signing in with it", () => {
  test("a signed-in user adds one; a new device signs in with it without an e-mail, as the account, and the owner is told", async () => {
    nextUtcDay(api);
    const owner = await signUp(api);
    const phone = new SoftAuthenticator(ORIGIN, { backedUp: true });
    const added = expectOk(await addPasskey(owner.client, phone));
    expect(added.passkey).toMatchObject({ name: "", browser: "chrome", os: "android", backed_up: true, last_used_at: null });
    expect(await list(owner.client)).toHaveLength(1);

    api.clock.advance(60);
    const { did, credential } = await answer(phone);
    const signedIn = expectOk(await signIn(did, credential));
    expect(signedIn.user.email).toBe(owner.email);
    expect(signedIn.did).toBe(did);
    const session = caller(api, { did, token: signedIn.token });
    expect(expectOk(await session.call("GET", "/v1/user/sessions/")).sessions).toHaveLength(2);
    const [passkey] = await list(session);
    expect(passkey.last_used_at).toBe(Math.floor(api.clock.now().getTime() / 1000));

    await api.deliverMail();
    expect(api.mails.filter((m) => m.to === owner.email && m.subject.startsWith("New sign-in"))).toHaveLength(1);
  });

  test("the options write nothing and name no account: autofill offers whatever passkeys the device holds", async () => {
    const { options, did } = expectOk(await caller(api).call("GET", "/v1/user/passkey/options/"));
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(did).toMatch(/^[A-Za-z0-9_-]{44}$/);
    // A did of ours is kept; a made-up one is replaced.
    expect(expectOk(await caller(api, { did }).call("GET", "/v1/user/passkey/options/")).did).toBe(did);
    expect(expectOk(await caller(api, { did: "x".repeat(44) }).call("GET", "/v1/user/passkey/options/")).did).not.toBe("x".repeat(44));
  });

  test("the addition asks for a discoverable passkey with the screen lock, and leaves out the account's own", async () => {
    const owner = await signUp(api);
    const phone = new SoftAuthenticator(ORIGIN);
    expectOk(await addPasskey(owner.client, phone));
    const { options } = expectOk(await owner.client.call("GET", "/v1/user/passkeys/options/"));
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.rp).toEqual({ name: "VV", id: "localhost" });
    expect(options.user.name).toBe(owner.email);
    expect(options.excludeCredentials).toEqual([
      { id: phone.keys[0].credentialId.toString("base64url"), type: "public-key", transports: ["internal"] },
    ]);
  });
});

describe("a challenge is good once, for whom it was made, in time", () => {
  test("a replayed answer, another device's challenge, a late answer, an addition's challenge, or one we never made are refused (300130)", async () => {
    const { owner, phone } = await ownerWithPasskey();

    const first = await answer(phone);
    expectOk(await signIn(first.did, first.credential));
    expectCode(await signIn(first.did, first.credential), ErrorCode.passkeyChallengeInvalid);

    const foreign = await answer(phone);
    expectCode(await signIn(await newDid(api), foreign.credential), ErrorCode.passkeyChallengeInvalid);

    const late = await answer(phone, first.did);
    api.clock.advance(api.config.PASSKEY_CHALLENGE_SECONDS + 1);
    expectCode(await signIn(late.did, late.credential), ErrorCode.passkeyChallengeInvalid);

    const { options } = expectOk(await owner.client.call("GET", "/v1/user/passkeys/options/"));
    expectCode(await signIn(first.did, phone.get(options)), ErrorCode.passkeyChallengeInvalid);

    const made = Buffer.from(`login.${Math.floor(api.clock.now().getTime() / 1000) + 60}.${"A".repeat(22)}.${"B".repeat(43)}`).toString(
      "base64url",
    );
    expectCode(await signIn(first.did, phone.get({ challenge: made })), ErrorCode.passkeyChallengeInvalid);
  });

  test("two answers to one challenge at once: one signs in, the other is refused", async () => {
    const { phone } = await ownerWithPasskey();
    const { did, credential } = await answer(phone);
    const answers = await Promise.all([signIn(did, credential), signIn(did, credential)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, ErrorCode.passkeyChallengeInvalid]);
  });

  test("an addition's challenge is bound to the session that asked: another session of the account cannot answer it", async () => {
    const { owner, phone } = await ownerWithPasskey();
    const other = await answer(phone);
    const second = caller(api, { did: other.did, token: expectOk(await signIn(other.did, other.credential)).token });
    const { options } = expectOk(await owner.client.call("GET", "/v1/user/passkeys/options/"));
    const credential = new SoftAuthenticator(ORIGIN).create(options);
    expectCode(await second.call("POST", "/v1/user/passkeys/add/", { credential }), ErrorCode.passkeyChallengeInvalid);
    expectOk(await owner.client.call("POST", "/v1/user/passkeys/add/", { credential }));
  });
});

describe("what does not check", () => {
  test("another site's origin, a signature that does not match, an unknown passkey, a user unverified", async () => {
    const { owner, phone } = await ownerWithPasskey();

    const phishing = new SoftAuthenticator("https://vv-login.example");
    Object.assign(phishing.keys, phone.keys);
    const options = expectOk(await caller(api).call("GET", "/v1/user/passkey/options/"));
    expectCode(await signIn(options.did, phishing.get({ ...options.options, rpId: "localhost" })), ErrorCode.passkeyFailed);

    const tampered = await answer(phone);
    tampered.credential.response.signature = Buffer.from("not a signature").toString("base64url");
    expectCode(await signIn(tampered.did, tampered.credential), ErrorCode.passkeyFailed);

    const stranger = new SoftAuthenticator(ORIGIN);
    const { options: strangerOptions } = expectOk(await (await signUp(api)).client.call("GET", "/v1/user/passkeys/options/"));
    stranger.create(strangerOptions);
    const unknown = await answer(stranger);
    expectCode(await signIn(unknown.did, unknown.credential), ErrorCode.passkeyUnknown);

    const unverified = new SoftAuthenticator(ORIGIN, { verified: false });
    expectCode(await addPasskey(owner.client, unverified), ErrorCode.passkeyFailed);
  });

  test("a cloned authenticator, whose counter goes back, is refused", async () => {
    const { phone } = await ownerWithPasskey();
    const first = await answer(phone);
    expectOk(await signIn(first.did, first.credential));
    phone.keys[0].counter = 0;
    const again = await answer(phone, first.did);
    expectCode(await signIn(again.did, again.credential), ErrorCode.passkeyFailed);
  });

  test("a credential of the wrong shape is a bad request, never a 500", async () => {
    const { did } = expectOk(await caller(api).call("GET", "/v1/user/passkey/options/"));
    expectCode(await signIn(did, { id: "a b", type: "public-key" }), ErrorCode.badRequest, 400);
    const garbled = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      clientExtensionResults: {},
      response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
    };
    expectCode(await signIn(did, garbled), ErrorCode.passkeyFailed);
  });
});

describe("the device's rules, as for a code", () => {
  test("a banned account, a banned device, and a device that has signed another account in today are refused; once the ban is lifted it signs in again", async () => {
    const { owner, phone } = await ownerWithPasskey();

    const shared = await signUp(api);
    const onShared = await answer(phone, shared.did);
    expectCode(await signIn(onShared.did, onShared.credential), ErrorCode.deviceDailyLogin);

    const banned = await answer(phone);
    await setDeviceBan(api.domain, { did: banned.did, banned: true, actor: "test" });
    expectCode(await signIn(banned.did, banned.credential), ErrorCode.deviceBlocked);

    await setUserBan(api.domain, { email: owner.email, banned: true, actor: "test" });
    const accountBanned = await answer(phone);
    expectCode(await signIn(accountBanned.did, accountBanned.credential), ErrorCode.accountBanned);
    await setUserBan(api.domain, { email: owner.email, banned: false, actor: "test" });
    const back = await answer(phone);
    expectOk(await signIn(back.did, back.credential));
  });
});

describe("the account's passkeys", () => {
  test("renamed within 1 to 40 characters, removed, never another account's; a removed one signs nobody in", async () => {
    const { owner, phone, passkey } = await ownerWithPasskey();

    expectOk(await owner.client.call("POST", "/v1/user/passkeys/rename/", { id: passkey.id, name: "  Work phone\u0007 " }));
    expect((await list(owner.client))[0].name).toBe("Work phone");
    expectCode(await owner.client.call("POST", "/v1/user/passkeys/rename/", { id: passkey.id, name: "   " }), ErrorCode.passkeyNameInvalid);
    expectCode(
      await owner.client.call("POST", "/v1/user/passkeys/rename/", { id: passkey.id, name: "x".repeat(41) }),
      ErrorCode.passkeyNameInvalid,
    );
    expectOk(await owner.client.call("POST", "/v1/user/passkeys/rename/", { id: passkey.id, name: "தமிழ்".repeat(8) }));

    const other = await signUp(api);
    expectCode(await other.client.call("POST", "/v1/user/passkeys/rename/", { id: passkey.id, name: "Mine" }), ErrorCode.passkeyNotFound);
    expectCode(await other.client.call("POST", "/v1/user/passkeys/remove/", { id: passkey.id }), ErrorCode.passkeyNotFound);
    expect(await list(other.client)).toEqual([]);

    expectOk(await owner.client.call("POST", "/v1/user/passkeys/remove/", { id: passkey.id }));
    expect(await list(owner.client)).toEqual([]);
    const after = await answer(phone);
    expectCode(await signIn(after.did, after.credential), ErrorCode.passkeyUnknown);
  });

  test("at most PASSKEYS_PER_USER: the options say so before the browser is asked", async () => {
    const owner = await signUp(api);
    for (let i = 0; i < 3; i++) expectOk(await addPasskey(owner.client, new SoftAuthenticator(ORIGIN)));
    expectCode(await owner.client.call("GET", "/v1/user/passkeys/options/"), ErrorCode.passkeyLimit);
  });

  test("a deleted account's passkeys go with it", async () => {
    const { owner, phone } = await ownerWithPasskey();
    expectOk(await owner.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    const after = await answer(phone);
    expectCode(await signIn(after.did, after.credential), ErrorCode.passkeyUnknown);
  });
});
