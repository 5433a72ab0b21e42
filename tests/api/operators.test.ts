import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { users } from "#api/src/db/schema.ts";
import { removeOperator } from "#api/src/domain/operators/operators.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { SoftAuthenticator } from "../setup/soft-authenticator.ts";
import { caller, expectCode, expectOk, signUp } from "./helpers.ts";
import { addedOperator, enrolledOperator, operatorEmail } from "./operator-session.ts";

const ORIGIN = "http://localhost:3000";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL: ORIGIN, OPERATOR_IDLE_MINUTES: "30", OPERATOR_SESSION_HOURS: "8" });
});
afterAll(async () => api.close());

const newEmail = operatorEmail;
const added = (email: string) => addedOperator(api, email);
const enrolled = (email?: string) => enrolledOperator(api, ORIGIN, email);

async function signIn(authenticator: SoftAuthenticator) {
  const { options } = expectOk(await caller(api).call("POST", "/v1/ops/sign-in/options/"));
  return caller(api).call("POST", "/v1/ops/sign-in/", { credential: authenticator.get(options) });
}

describe("operators: enrolment with the mailed code, then passkeys only", () => {
  test("operator-add mails a code; with it the operator makes a passkey and is signed in; the code works once", async () => {
    const email = newEmail();
    const code = await added(email);
    const laptop = new SoftAuthenticator(ORIGIN);
    const { options } = expectOk(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code: code.toLowerCase() }));
    expect(options).toMatchObject({ rp: { id: "localhost" }, user: { name: email }, authenticatorSelection: { residentKey: "required" } });
    const session = expectOk(await caller(api).call("POST", "/v1/ops/enrol/", { email, code, credential: laptop.create(options) }));
    expect(session.email).toBe(email);
    expect(expectOk(await caller(api, { token: session.token }).call("GET", "/v1/ops/me/"))).toMatchObject({ email });

    expectCode(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code }), ErrorCode.operatorCodeInvalid);
    // With its passkey the operator signs in again, no code needed.
    expect(expectOk(await signIn(laptop)).email).toBe(email);
  });

  test("a wrong code, an unknown address and an expired code are one refusal; five wrong codes void the right one", async () => {
    const email = newEmail();
    const code = await added(email);
    expectCode(await caller(api).call("POST", "/v1/ops/enrol/options/", { email: newEmail(), code }), ErrorCode.operatorCodeInvalid);
    for (let i = 0; i < 5; i++) {
      expectCode(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code: "WRONGCODE1" }), ErrorCode.operatorCodeInvalid);
    }
    expectCode(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code }), ErrorCode.operatorCodeInvalid);

    const late = newEmail();
    const lateCode = await added(late);
    api.clock.advance(24 * 3600 + 1);
    expectCode(await caller(api).call("POST", "/v1/ops/enrol/options/", { email: late, code: lateCode }), ErrorCode.operatorCodeInvalid);
  });

  test("two enrolments racing with one code: one passkey is kept, the other refused", async () => {
    const email = newEmail();
    const code = await added(email);
    const [a, b] = [new SoftAuthenticator(ORIGIN), new SoftAuthenticator(ORIGIN)];
    const optionsA = expectOk(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code })).options;
    const optionsB = expectOk(await caller(api).call("POST", "/v1/ops/enrol/options/", { email, code })).options;
    const answers = await Promise.all([
      caller(api).call("POST", "/v1/ops/enrol/", { email, code, credential: a.create(optionsA) }),
      caller(api).call("POST", "/v1/ops/enrol/", { email, code, credential: b.create(optionsB) }),
    ]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, ErrorCode.operatorCodeInvalid]);
  });
});

describe("console sessions: short, and apart from users'", () => {
  test("a user's token reaches no console call, and an operator's no user call", async () => {
    const user = await signUp(api);
    for (const [method, path] of [
      ["GET", "/v1/ops/me/"],
      ["GET", "/v1/ops/avatars/"],
      ["GET", "/v1/ops/audit/"],
      ["POST", "/v1/ops/avatars/1/"],
    ]) {
      expectCode(await user.client.call(method, path, method === "POST" ? { approve: true } : undefined), ErrorCode.operatorSignInRequired);
      expectCode(await caller(api).call(method, path, method === "POST" ? { approve: true } : undefined), ErrorCode.operatorSignInRequired);
    }
    const op = await enrolled();
    expectCode(await op.console.call("GET", "/v1/user/"), ErrorCode.loginExpired);
  });

  test("a session ends after 30 idle minutes and after 8 hours whatever; signing out ends it now", async () => {
    const op = await enrolled();
    api.clock.advance(29 * 60);
    expectOk(await op.console.call("GET", "/v1/ops/me/"));
    api.clock.advance(31 * 60);
    expectCode(await op.console.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);

    const busy = caller(api, { token: expectOk(await signIn(op.laptop)).token });
    // 19 calls 25 minutes apart keep it alive for 7 h 55 min; 25 minutes more pass its 8 hours.
    for (let call = 0; call < 19; call++) {
      api.clock.advance(25 * 60);
      expectOk(await busy.call("GET", "/v1/ops/me/"));
    }
    api.clock.advance(25 * 60);
    expectCode(await busy.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);

    const again = caller(api, { token: expectOk(await signIn(op.laptop)).token });
    expectOk(await again.call("POST", "/v1/ops/sign-out/"));
    expectCode(await again.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);
  });

  test("a removed operator's session ends and their passkey no longer signs in; a user's passkey never does", async () => {
    const op = await enrolled();
    expect(await removeOperator(api.domain, { email: op.email, actor: "root" })).toBe(true);
    expectCode(await op.console.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);
    expectCode(await signIn(op.laptop), ErrorCode.passkeyUnknown);

    const user = await signUp(api);
    const phone = new SoftAuthenticator(ORIGIN);
    const { options } = expectOk(await user.client.call("GET", "/v1/user/passkeys/options/"));
    expectOk(await user.client.call("POST", "/v1/user/passkeys/add/", { credential: phone.create(options) }));
    expectCode(await signIn(phone), ErrorCode.passkeyUnknown);
  });
});

describe("the console's review of avatars", () => {
  test("in order of arrival; a rejection needs a reason from the list, the user reads it, the audit names the operator", async () => {
    const op = await enrolled();
    const first = await signUp(api);
    const second = await signUp(api);
    for (const [who, name] of [
      [first, "first.webp"],
      [second, "second.webp"],
    ] as const) {
      api.clock.advance(1);
      await api.database.db
        .update(users)
        .set({ avatarNew: `/media/${name}`, avatarStatus: AvatarStatus.inReview, avatarNewAt: api.clock.now() })
        .where(eq(users.id, who.user.id));
    }
    const queue = expectOk(await op.console.call("GET", "/v1/ops/avatars/")).items as { user_id: number; picture: string }[];
    const mine = queue.filter((i) => [first.user.id, second.user.id].includes(i.user_id)).map((i) => i.picture);
    expect(mine).toEqual(["/media/first.webp", "/media/second.webp"]);

    expectCode(
      await op.console.call("POST", `/v1/ops/avatars/${first.user.id}/`, { approve: false, reason: "ugly" }),
      ErrorCode.badRequest,
      400,
    );
    expectCode(await op.console.call("POST", `/v1/ops/avatars/${first.user.id}/`, { approve: false }), ErrorCode.badRequest, 400);
    expectOk(
      await op.console.call("POST", `/v1/ops/avatars/${first.user.id}/`, { approve: false, reason: "explicit", note: "nudity, 2nd time" }),
    );
    expect(expectOk(await first.client.call("GET", "/v1/user/"))).toMatchObject({
      avatar_status: AvatarStatus.rejected,
      avatar_reject_reason: "explicit",
    });
    // Decided already, by this operator or another.
    expectCode(await op.console.call("POST", `/v1/ops/avatars/${first.user.id}/`, { approve: true }), ErrorCode.reviewAlreadyDecided);
    expectOk(await op.console.call("POST", `/v1/ops/avatars/${second.user.id}/`, { approve: true }));
    expect(expectOk(await second.client.call("GET", "/v1/user/")).avatar).toBe("/media/second.webp");

    const { items } = expectOk(await op.console.call("GET", "/v1/ops/audit/"));
    expect(items.slice(0, 2)).toMatchObject([
      { actor: `operator:${op.email}`, action: "avatar.approve", target: `user:${second.user.id}` },
      {
        actor: `operator:${op.email}`,
        action: "avatar.reject",
        target: `user:${first.user.id}`,
        detail: { reason: "explicit", note: "nudity, 2nd time" },
      },
    ]);
  });
});

describe("the console's status icons, as the CLI's", () => {
  test("listed, added, refused in words when not one emoji or a taken name, retired (cleared from its users); audited", async () => {
    const op = await enrolled();
    const list = async () =>
      expectOk(await op.console.call("GET", "/v1/ops/status-icons/")).items as { id: number; name: string; active: boolean }[];
    expect((await list()).map((s) => s.name)).toContain("working");

    const added = expectOk(await op.console.call("POST", "/v1/ops/status-icons/91/", { name: "console-test", icon: "🧪" }));
    expect(added.item).toMatchObject({ id: 91, name: "console-test", icon: "🧪", active: true });
    const user = await signUp(api);
    expectOk(await user.client.call("POST", "/v1/mint/user/status/", { id: 91 }));

    const notOne = await op.console.call("POST", "/v1/ops/status-icons/92/", { name: "two-icons", icon: "🧪🧪" });
    expectCode(notOne, ErrorCode.badRequest, 400);
    expect(notOne.body.err_msg).toBe('the icon must be one emoji, not "🧪🧪"');
    expect((await op.console.call("POST", "/v1/ops/status-icons/93/", { name: "working", icon: "💼" })).body.err_msg).toBe(
      'another status is named "working"',
    );

    expect(expectOk(await op.console.call("POST", "/v1/ops/status-icons/91/retire/"))).toEqual({ cleared: 1 });
    expect((await list()).find((s) => s.id === 91)).toMatchObject({ active: false });
    expectCode(await user.client.call("GET", "/v1/ops/status-icons/"), ErrorCode.operatorSignInRequired);
    const { items } = expectOk(await op.console.call("GET", "/v1/ops/audit/"));
    expect(items.slice(0, 2).map((r: { action: string; actor: string }) => [r.action, r.actor])).toEqual([
      ["status-icon.off", `operator:${op.email}`],
      ["status-icon.set", `operator:${op.email}`],
    ]);
  });
});
