import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { appeals, auditLog, users } from "#api/src/db/schema.ts";
import { loadLocale } from "../setup/locale-files.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, logIn, loginCall, newDid, sendCode, signUp, speaks } from "./helpers.ts";
import { enrolledOperator } from "./operator-session.ts";

/**
 * The console's people and a banned account's way back (decision 066): an operator finds a person,
 * bans them with a reason; the owner, once they prove who they are, reads the reason and appeals;
 * an operator upholds or lifts it, and the owner is told by e-mail in their language.
 */

const ORIGIN = "http://localhost:3000";
const ja = loadLocale("ja");

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_URL: ORIGIN, APPEAL_PASS_MINUTES: "60", APPEAL_AGAIN_DAYS: "30" });
});
afterAll(async () => api.close());

const passOf = (answer: { body: { code?: number; data?: unknown } }) => {
  expectCode(answer as never, ErrorCode.accountBanned);
  return (answer.body.data as { appeal_pass: string }).appeal_pass;
};

const APPEAL = "I play on one phone only and never made a second account. Please look again.";

describe("people in the console", () => {
  test("found by e-mail or its start, display id, invite code and device; the page shows devices, sign-ins, team and ledger", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const inviter = await signUp(api);
    const member = await signUp(api, { invite: inviter.user.invite_code });
    const search = async (q: string) =>
      (expectOk(await op.console.call("GET", "/v1/ops/people/", undefined, { q })).items as { user_id: number }[]).map((p) => p.user_id);

    expect(await search(member.email.toUpperCase())).toContain(member.user.id);
    expect(await search(member.email.split("@")[0]!)).toEqual([member.user.id]);
    expect(await search(member.user.display_id)).toContain(member.user.id);
    expect(await search(inviter.user.invite_code.toLowerCase())).toContain(inviter.user.id);
    expect(await search(member.did)).toEqual([member.user.id]);
    expect(await search("nobody-at-all")).toEqual([]);

    const { person } = expectOk(await op.console.call("GET", `/v1/ops/people/${inviter.user.id}/`));
    expect(person).toMatchObject({
      user_id: inviter.user.id,
      email: inviter.email,
      invite_code: inviter.user.invite_code,
      banned_at: null,
      team: { level1: 1, level2: 0, members: [{ user_id: member.user.id, banned: false }] },
      inviters: [],
    });
    expect(person.devices).toEqual([expect.objectContaining({ did: inviter.did, registered_here: true, sessions: 1, banned_at: null })]);
    expect(person.sign_ins).toEqual([expect.objectContaining({ kind: "register", did: inviter.did })]);
    expect(person.sign_ins[0].ip_prefix).toMatch(/^[\w-]{12}$/);
    const memberPage = expectOk(await op.console.call("GET", `/v1/ops/people/${member.user.id}/`)).person;
    expect(memberPage.inviters).toEqual([expect.objectContaining({ user_id: inviter.user.id })]);

    expectCode(await op.console.call("GET", "/v1/ops/people/987654321/"), ErrorCode.personNotFound);
    expectCode(await op.console.call("GET", "/v1/ops/people/", undefined, { q: "" }), ErrorCode.badRequest, 400);
    // A user's session reaches none of it.
    expectCode(await inviter.client.call("GET", "/v1/ops/people/", undefined, { q: "a" }), ErrorCode.operatorSignInRequired);
    expectCode(
      await caller(api, { token: inviter.token }).call("POST", `/v1/ops/people/${member.user.id}/ban/`, { banned: true, reason: "bot" }),
      ErrorCode.operatorSignInRequired,
    );
  });

  test("a device ban from the console refuses sign-ins from it, with the reason and note in the audit log", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const someone = await signUp(api);
    expectCode(
      await op.console.call("POST", "/v1/ops/devices/ban/", { did: someone.did, banned: true, reason: "nope" }),
      ErrorCode.badRequest,
      400,
    );
    expectOk(
      await op.console.call("POST", "/v1/ops/devices/ban/", { did: someone.did, banned: true, reason: "bot", note: "script timing" }),
    );
    expectCode((await logIn(api, someone.email, someone.did)).answer, ErrorCode.deviceBlocked);
    const { person } = expectOk(await op.console.call("GET", `/v1/ops/people/${someone.user.id}/`));
    expect(person.devices[0].banned_at).not.toBeNull();
    const [row] = await api.domain.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `device:${someone.did}`));
    expect(row).toMatchObject({ actor: `operator:${op.email}`, action: "device.ban", detail: { reason: "bot", note: "script timing" } });
    expectOk(await op.console.call("POST", "/v1/ops/devices/ban/", { did: someone.did, banned: false }));
    expect((await logIn(api, someone.email, someone.did)).answer.body.code).toBe(0);
  });
});

describe("a banned account reads why and appeals", () => {
  test("ban with a reason; the old session and a sign-in with the code carry a pass; a wrong code carries none", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const owner = await signUp(api);
    expectCode(
      await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: true, reason: "made-up" }),
      ErrorCode.badRequest,
      400,
    );
    expect(
      expectOk(
        await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, {
          banned: true,
          reason: "multiple_accounts",
          note: "3 accounts, one phone",
        }),
      ),
    ).toEqual({ changed: true });

    const pass = passOf(await owner.client.call("GET", "/v1/user/"));
    const standing = expectOk(await caller(api).call("POST", "/v1/appeal/standing/", { pass }));
    expect(standing).toMatchObject({ banned: true, reason: "multiple_accounts", appeal: null, appeal_from: null });
    expect(standing.banned_at).toBeGreaterThan(0);

    const phone = await newDid(api);
    const wrong = caller(api, { did: phone });
    expectOk(await sendCode(wrong, owner.email, "login"));
    const refused = await loginCall(wrong, owner.email, "000000");
    expect(refused.body.code).not.toBe(ErrorCode.accountBanned);
    expect(refused.body.data).toBeUndefined();
    const signedIn = await loginCall(wrong, owner.email, lastCode(api, owner.email));
    expect(passOf(signedIn)).toMatch(new RegExp(`^${owner.user.id}\\.`));

    const [row] = await api.domain.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${owner.user.id}`));
    expect(row).toMatchObject({
      action: "user.ban",
      actor: `operator:${op.email}`,
      detail: { reason: "multiple_accounts", note: "3 accounts, one phone" },
    });
  });

  test("a pass altered, for another account or expired is refused", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const owner = await signUp(api);
    expectOk(await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: true, reason: "bot" }));
    const pass = passOf(await owner.client.call("GET", "/v1/user/"));
    const [, expires, mac] = pass.split(".");
    for (const bad of [`${owner.user.id + 1}.${expires}.${mac}`, `${owner.user.id}.${Number(expires) + 60}.${mac}`, `${pass}x`, "1.2"]) {
      expectCode(await caller(api).call("POST", "/v1/appeal/standing/", { pass: bad }), ErrorCode.appealPassInvalid);
    }
    api.clock.advance(61 * 60);
    expectCode(await caller(api).call("POST", "/v1/appeal/", { pass, text: APPEAL }), ErrorCode.appealPassInvalid);
  });

  test("one appeal waits at a time, even two sent at once; upheld, the next comes 30 days later; lifted, the owner signs in again", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const owner = await signUp(api);
    await speaks(owner.client, "ja");
    expectOk(await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: true, reason: "farm" }));
    let pass = passOf(await owner.client.call("GET", "/v1/user/"));
    const send = (text: string) => caller(api).call("POST", "/v1/appeal/", { pass, text });

    expectCode(await send("too short"), ErrorCode.appealLength);
    expectCode(await send("x".repeat(1001)), ErrorCode.appealLength);
    const both = await Promise.all([send(APPEAL), send(`${APPEAL} (twice)`)]);
    expect(both.map((a) => a.body.code).sort()).toEqual([0, ErrorCode.appealWaiting]);
    expect(await api.domain.db.select().from(appeals).where(eq(appeals.userId, owner.user.id))).toHaveLength(1);

    const queue = expectOk(await op.console.call("GET", "/v1/ops/appeals/")).items as { id: number; user_id: number; ban_reason: string }[];
    const mine = queue.find((a) => a.user_id === owner.user.id)!;
    expect(mine).toMatchObject({ ban_reason: "farm", email: owner.email });
    expect(expectOk(await op.console.call("GET", "/v1/ops/me/")).appeals).toBeGreaterThan(0);

    const mailsBefore = api.mails.length;
    expectOk(await op.console.call("POST", `/v1/ops/appeals/${mine.id}/`, { lift: false, note: "same device as 40 others" }));
    expectCode(await op.console.call("POST", `/v1/ops/appeals/${mine.id}/`, { lift: true }), ErrorCode.reviewAlreadyDecided);
    await api.deliverMail();
    const upheld = api.mails.slice(mailsBefore).find((m) => m.to === owner.email)!;
    expect(upheld.subject).toBe(ja["mail:appeal.upheldSubject"]);
    expect(upheld.text).toContain(ja["mail:appeal.again"]!.replace("{{days}}", "30"));

    const standing = expectOk(await caller(api).call("POST", "/v1/appeal/standing/", { pass }));
    expect(standing.appeal).toMatchObject({ status: "upheld" });
    expect(standing.appeal_from).toBe(standing.appeal.decided_at + 30 * 86400);
    expectCode(await send(APPEAL), ErrorCode.appealTooSoon);

    api.clock.advance(30 * 86400 + 1);
    // A month on, the operator of that day has long been signed out: another one decides.
    const next = await enrolledOperator(api, ORIGIN);
    pass = passOf((await logIn(api, owner.email, owner.did)).answer);
    expect(expectOk(await send(`${APPEAL} Again.`)).appeal.status).toBe("waiting");
    const again = (expectOk(await next.console.call("GET", "/v1/ops/appeals/")).items as { id: number; user_id: number }[]).find(
      (a) => a.user_id === owner.user.id,
    )!;
    expectOk(await next.console.call("POST", `/v1/ops/appeals/${again.id}/`, { lift: true, note: "shared family phone" }));
    await api.deliverMail();
    const lifted = api.mails.filter((m) => m.to === owner.email).at(-1)!;
    expect(lifted.subject).toBe(ja["mail:appeal.liftedSubject"]);
    expect(lifted.text).toContain(`${ORIGIN}/login?ui_lang=ja`);

    expect(expectOk(await caller(api).call("POST", "/v1/appeal/standing/", { pass }))).toMatchObject({
      banned: false,
      appeal: { status: "lifted" },
    });
    expectCode(await send(`${APPEAL} Third.`), ErrorCode.appealPassInvalid);
    api.clock.advance(120);
    const back = await logIn(api, owner.email, owner.did);
    expect(back.answer.body.code).toBe(0);
    const [user] = await api.domain.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(user).toMatchObject({ bannedAt: null, banReason: "" });
    const acts = await api.domain.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${owner.user.id}`));
    expect(acts.map((a) => a.action)).toEqual(["user.ban", "appeal.uphold", "appeal.lift"]);
    expect(acts[1]).toMatchObject({ actor: `operator:${op.email}`, detail: { appeal: mine.id, note: "same device as 40 others" } });

    // An appeal is the person's own words: deleting the account erases it.
    back.client.state.token = back.answer.body.data.token;
    expectOk(await back.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await api.domain.db.select().from(appeals).where(eq(appeals.userId, owner.user.id))).toEqual([]);
  });

  test("an unban from the person page answers the waiting appeal too: lifted, and the owner is told", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const owner = await signUp(api);
    expectOk(await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: true, reason: "abuse" }));
    const pass = passOf(await owner.client.call("GET", "/v1/user/"));
    expectOk(await caller(api).call("POST", "/v1/appeal/", { pass, text: APPEAL }));
    expect(
      expectOk(await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: false, note: "wrong person" })),
    ).toEqual({
      changed: true,
    });
    const [appeal] = await api.domain.db.select().from(appeals).where(eq(appeals.userId, owner.user.id));
    expect(appeal).toMatchObject({ outcome: "lifted", decidedBy: `operator:${op.email}` });
    const queue = expectOk(await op.console.call("GET", "/v1/ops/appeals/")).items as { user_id: number }[];
    expect(queue.map((a) => a.user_id)).not.toContain(owner.user.id);
    await api.deliverMail();
    expect(api.mails.filter((m) => m.to === owner.email).at(-1)!.subject).toBe("Your VV account is open again");
    // Unbanning again is no act: nothing more is written.
    expect(expectOk(await op.console.call("POST", `/v1/ops/people/${owner.user.id}/ban/`, { banned: false }))).toEqual({ changed: false });
  });
});
