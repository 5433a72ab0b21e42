import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { users } from "#api/src/db/schema.ts";
import { runCommand } from "#api/src/cli/ops-commands.ts";
import { removeOperator } from "#api/src/domain/operators/operators.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { SoftAuthenticator } from "../setup/soft-authenticator.ts";
import { caller, expectCode, expectOk, signUp } from "./helpers.ts";
import { addedOperator, enrolWith, enrolledOperator, operatorEmail } from "./operator-session.ts";

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

interface AuditRow {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  kind: string;
  via: string;
  detail: Record<string, unknown>;
}

interface OwnPasskey {
  id: number;
  created_at: number;
  last_used_at: number | null;
  this_session: boolean;
}

/** The audit log as the console reads it: acts, reads, or (no kind) both. */
async function audit(console: ReturnType<typeof caller>, kind?: "act" | "read"): Promise<AuditRow[]> {
  return expectOk(await console.call("GET", "/v1/ops/audit/", undefined, kind ? { kind } : {})).items as AuditRow[];
}

describe("an operator's passkeys: gone with their removal, listed and revoked one by one", () => {
  test("a removed operator, added again, is refused with the old passkey before and after enrolling a new one; the removal is audited with the passkeys it deleted", async () => {
    const op = await enrolled();
    expect(await removeOperator(api.domain, { email: op.email, actor: "cli:root" })).toBe(true);
    const code = await added(op.email);
    expectCode(await signIn(op.laptop), ErrorCode.passkeyUnknown);

    const desk = new SoftAuthenticator(ORIGIN);
    const back = caller(api, { token: expectOk(await enrolWith(api, desk, op.email, code)).token });
    expectCode(await signIn(op.laptop), ErrorCode.passkeyUnknown);
    expect(expectOk(await signIn(desk)).email).toBe(op.email);
    expect(expectOk(await back.call("GET", "/v1/ops/me/passkeys/")).items).toHaveLength(1);

    const removal = (await audit(back, "act")).find((r) => r.action === "operator.remove" && r.detail.email === op.email);
    expect(removal).toMatchObject({ actor: "cli:root", via: "cli", kind: "act", detail: { passkeys: [expect.any(Number)] } });
  });

  test("in the console an operator lists their own passkeys and revokes one: it signs in no more, its session ends, the act is audited", async () => {
    const op = await enrolled();
    const phone = new SoftAuthenticator(ORIGIN);
    const onPhone = caller(api, { token: expectOk(await enrolWith(api, phone, op.email, await added(op.email))).token });
    const list = async () => expectOk(await op.console.call("GET", "/v1/ops/me/passkeys/")).items as OwnPasskey[];
    const [phoneKey, laptopKey] = await list();
    expect([phoneKey.this_session, laptopKey.this_session]).toEqual([false, true]);
    expect(laptopKey).toMatchObject({ created_at: expect.any(Number), last_used_at: null });

    expect(expectOk(await op.console.call("POST", `/v1/ops/me/passkeys/${phoneKey.id}/revoke/`))).toEqual({ signed_out: false });
    expectCode(await onPhone.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);
    expectCode(await signIn(phone), ErrorCode.passkeyUnknown);
    expect((await list()).map((p) => p.id)).toEqual([laptopKey.id]);

    // Another operator's passkey, or one revoked already, is none of theirs.
    const other = await enrolled();
    const [otherKey] = expectOk(await other.console.call("GET", "/v1/ops/me/passkeys/")).items as OwnPasskey[];
    expectCode(await op.console.call("POST", `/v1/ops/me/passkeys/${otherKey.id}/revoke/`), ErrorCode.passkeyNotFound);
    expectCode(await op.console.call("POST", `/v1/ops/me/passkeys/${phoneKey.id}/revoke/`), ErrorCode.passkeyNotFound);
    expect(expectOk(await signIn(other.laptop)).email).toBe(other.email);

    const revoked = (await audit(op.console, "act")).find((r) => r.action === "operator.passkey-revoke");
    expect(revoked).toMatchObject({ actor: `operator:${op.email}`, via: "console", detail: { email: op.email, passkey: phoneKey.id } });

    // The passkey this session signed in with: revoked, the session ends with it.
    expect(expectOk(await op.console.call("POST", `/v1/ops/me/passkeys/${laptopKey.id}/revoke/`))).toEqual({ signed_out: true });
    expectCode(await op.console.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);
    expectCode(await signIn(op.laptop), ErrorCode.passkeyUnknown);
  });

  test("the CLI lists any operator's passkeys and revokes one; the act is the CLI's, under the machine user", async () => {
    const op = await enrolled();
    const cli = async (...argv: string[]) => (await runCommand(api.domain, argv, { machineUser: "root" })).output;
    const listed = (await cli("operator-passkeys", op.email)).split("\n");
    expect(listed).toHaveLength(2);
    expect(listed[0]).toBe("id\tadded\tlast used\ttransports");
    const id = listed[1].split("\t")[0];
    expect(listed[1]).toMatch(new RegExp(`^${id}\\t\\d{4}-\\d\\d-\\d\\dT\\S+Z\\tnever\\tinternal$`));

    expect(await cli("operator-passkey-revoke", op.email, id)).toBe(`revoked passkey ${id} of ${op.email}: it signs in no more`);
    expectCode(await signIn(op.laptop), ErrorCode.passkeyUnknown);
    expectCode(await op.console.call("GET", "/v1/ops/me/"), ErrorCode.operatorSignInRequired);
    expect(await cli("operator-passkeys", op.email)).toBe(
      `${op.email} has no passkey: npm run ops -- operator-add ${op.email} mails a code to enrol one`,
    );
    expect(await cli("operator-passkey-revoke", op.email, id)).toBe(`no passkey ${id} of ${op.email}`);
    expect(await cli("operator-passkeys", "nobody@ops.example.com")).toBe("no operator nobody@ops.example.com");

    const reader = await enrolled();
    expect((await audit(reader.console, "act")).find((r) => r.action === "operator.passkey-revoke")).toMatchObject({
      actor: "cli:root",
      via: "cli",
      detail: { email: op.email, passkey: Number(id) },
    });
  });
});

describe("reading people is audited, apart from the acts", () => {
  test("a people search and a person's page each write a read naming the operator, the term and whom it showed; the acts leave them out", async () => {
    const op = await enrolled();
    const someone = await signUp(api);
    const before = api.clock.now().getTime() / 1000;
    expect(expectOk(await op.console.call("GET", "/v1/ops/people/", undefined, { q: someone.email })).items).toHaveLength(1);
    expectOk(await op.console.call("GET", `/v1/ops/people/${someone.user.id}/`));

    const reads = await audit(op.console, "read");
    expect(reads.slice(0, 2)).toMatchObject([
      { kind: "read", via: "console", actor: `operator:${op.email}`, action: "person.read", target: `user:${someone.user.id}` },
      {
        kind: "read",
        via: "console",
        actor: `operator:${op.email}`,
        action: "people.search",
        target: "people",
        detail: { q: someone.email, found: [someone.user.id] },
      },
    ]);
    expect(reads[0].at).toBeGreaterThanOrEqual(Math.floor(before));
    expect((await audit(op.console)).slice(0, 2).map((r) => r.action)).toEqual(["person.read", "people.search"]);
    const acts = await audit(op.console, "act");
    expect(acts.filter((r) => r.kind !== "act")).toEqual([]);
    expect(acts[0]).toMatchObject({ action: "operator.sign-in", actor: `operator:${op.email}` });
  });
});
