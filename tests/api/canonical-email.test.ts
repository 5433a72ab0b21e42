/**
 * One mailbox, one account (docs/decisions/037). Runs on PGlite and, under
 * `npm run test:pg`, on PostgreSQL, where registrations race on separate connections.
 */
import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { canonicalEmail, FOLDED_DOMAINS } from "#api/src/domain/accounts/email.ts";
import { uniqueViolation } from "#api/src/lib/db-errors.ts";
import { withDatabaseBefore } from "../setup/migrations.ts";
import { createTestApi, lastCode, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, loginCall, mailedCode, newDid, nextUtcDay, registerCall, sendCode, signUp } from "./helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api.close());

/** A gmail-style name of its own for each test: the run shares one database. */
function name(tag: string): string {
  return `${tag}${randomBytes(4).toString("hex")}`;
}

const rowsOf = (canonical: string) =>
  api.database.db.select().from(users).where(eq(users.emailCanonical, canonical)).orderBy(asc(users.id));

describe("canonicalEmail and vv_canonical_email() agree", () => {
  const cases: [string, string][] = [
    ["Name@Example.com", "name@example.com"],
    ["n.a.m.e@gmail.com", "name@gmail.com"],
    ["name+1@gmail.com", "name@gmail.com"],
    ["N.A.M.E+news+more@GoogleMail.com", "name@gmail.com"],
    ["+tag@gmail.com", "+tag@gmail.com"],
    [".+x@gmail.com", ".@gmail.com"],
    ["john.smith+shop@outlook.com", "john.smith@outlook.com"],
    ["john.smith+shop@hotmail.com", "john.smith@hotmail.com"],
    ["a.b+c@icloud.com", "a.b@icloud.com"],
    ["a.b+c@proton.me", "a.b@proton.me"],
    ["a.b+c@pm.me", "a.b@pm.me"],
    ["a.b+c@fastmail.com", "a.b@fastmail.com"],
    // Not folded: a provider without plus addressing, a company's server, a Gmail look-alike.
    ["a.b+c@yahoo.com", "a.b+c@yahoo.com"],
    ["a.b+c@example.com", "a.b+c@example.com"],
    ["a.b+c@gmail.com.example", "a.b+c@gmail.com.example"],
    ["a.b+c@mail.gmail.com", "a.b+c@mail.gmail.com"],
  ];

  test.each(cases)("%s -> %s", async (input, expected) => {
    expect(canonicalEmail(input)).toBe(expected);
    const { rows } = (await api.database.db.execute(sql`select vv_canonical_email(${input.toLowerCase()}) as c`)) as unknown as {
      rows: { c: string }[];
    };
    expect(rows[0].c).toBe(expected);
  });

  test("every folded domain is folded by both, with a tag and dots", async () => {
    for (const domain of FOLDED_DOMAINS) {
      const input = `x.y+tag@${domain}`;
      const { rows } = (await api.database.db.execute(sql`select vv_canonical_email(${input}) as c`)) as unknown as {
        rows: { c: string }[];
      };
      expect(rows[0].c, domain).toBe(canonicalEmail(input));
      expect(canonicalEmail(input), domain).not.toContain("+");
    }
  });
});

describe("variants of one Gmail address are one account", () => {
  test("name+1, name+2, n.a.m.e and googlemail.com: the first registers, the others are 300033", async () => {
    const base = name("name");
    const first = await signUp(api, { email: `${base}+1@gmail.com` });
    expect(first.user.email).toBe(`${base}+1@gmail.com`);
    const dotted = base.split("").join(".");
    for (const variant of [`${base}+2@gmail.com`, `${dotted}@gmail.com`, `${base.toUpperCase()}@GoogleMail.com`]) {
      expectCode(await sendCode(caller(api), variant, "register"), ErrorCode.emailRegistered);
    }
    expect(await rowsOf(`${base}@gmail.com`)).toHaveLength(1);
  });

  test("a code sent to one variant registers under another only while no account holds the mailbox", async () => {
    const base = name("late");
    const c = caller(api);
    const code = await mailedCode(api, c, `${base}+a@gmail.com`, "register");
    // Typed again differently before registering: the same mailbox got the code.
    const data = expectOk(await registerCall(c, `${base.slice(0, 2)}.${base.slice(2)}@gmail.com`, code));
    expect(data.user.email).toBe(`${base.slice(0, 2)}.${base.slice(2)}@gmail.com`);
    expectCode(await sendCode(caller(api), `${base}+b@gmail.com`, "register"), ErrorCode.emailRegistered);
  });

  test("the mail goes to the address as typed, never to the canonical form", async () => {
    const base = name("typed");
    const typed = `${base.slice(0, 3)}.${base.slice(3)}+signup@gmail.com`;
    await mailedCode(api, caller(api), typed, "register");
    expect(api.mails.at(-1)!.to).toBe(typed);
  });

  test("outlook.com: +tags fold, dots do not", async () => {
    const base = name("john");
    await signUp(api, { email: `${base}.smith@outlook.com` });
    expectCode(await sendCode(caller(api), `${base}.smith+shop@outlook.com`, "register"), ErrorCode.emailRegistered);
    await signUp(api, { email: `${base}smith@outlook.com` });
  });

  test("the send limits are the mailbox's: a +tag does not buy another code within the wait", async () => {
    const base = name("limit");
    expectOk(await sendCode(caller(api), `${base}+1@gmail.com`, "register"));
    expectCode(await sendCode(caller(api), `${base}+2@gmail.com`, "register"), ErrorCode.sendCodeTooSoon);
    expectCode(await sendCode(caller(api), `${base.slice(0, 1)}.${base.slice(1)}@gmail.com`, "register"), ErrorCode.sendCodeTooSoon);
  });
});

describe("login and bans find the account by its canonical form", () => {
  test("a variant logs in to the account; its code goes to the account's own address", async () => {
    nextUtcDay(api);
    const base = name("login");
    const own = `${base}+vv@gmail.com`;
    const { user } = await signUp(api, { email: own });
    nextUtcDay(api);
    const variant = `${base.slice(0, 2)}.${base.slice(2)}@googlemail.com`;
    const c = caller(api, { did: await newDid(api) });
    expectOk(await sendCode(c, variant, "login"));
    expect(api.mails.at(-1)!.to).toBe(own);
    const data = expectOk(await loginCall(c, variant, lastCode(api, own)));
    expect(data.user.id).toBe(user.id);
    expect(data.user.email).toBe(own);
  });

  test("an unknown variant of nobody's mailbox is 300012", async () => {
    expectCode(await sendCode(caller(api), `${name("nobody")}+x@gmail.com`, "login"), ErrorCode.emailNotFound);
  });

  test("an operator's ban by a variant bans the account and ends its logins", async () => {
    const base = name("ban");
    const { client } = await signUp(api, { email: `${base}@gmail.com` });
    expect(await setUserBan(api.domain, { email: `${base.slice(0, 1)}.${base.slice(1)}+x@GMAIL.com`, banned: true, actor: "test" })).toBe(
      true,
    );
    expectCode(await client.call("GET", "/v1/user/"), ErrorCode.accountBanned);
    expect(await setUserBan(api.domain, { email: `${base}+y@gmail.com`, banned: false, actor: "test" })).toBe(true);
  });

  test("a deleted account frees its mailbox: the canonical form goes with the e-mail", async () => {
    const base = name("gone");
    const { client } = await signUp(api, { email: `${base}+old@gmail.com` });
    expectOk(await client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await rowsOf(`${base}@gmail.com`)).toHaveLength(0);
    api.clock.advance(api.config.OTP_RESEND_SECONDS);
    await signUp(api, { email: `${base}@gmail.com` });
  });
});

describe("races: one account per mailbox", () => {
  test("parallel registrations of a.b@gmail.com and ab+x@gmail.com with the mailbox's code: one account", async () => {
    for (let round = 0; round < 3; round++) {
      const base = name("race");
      const dotted = `${base.slice(0, 3)}.${base.slice(3)}@gmail.com`;
      const tagged = `${base}+x@gmail.com`;
      const did = await newDid(api);
      const code = await mailedCode(api, caller(api, { did }), dotted, "register");
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => registerCall(caller(api, { did }), i % 2 ? tagged : dotted, code)),
      );
      const codes = answers.map((a) => a.body.code);
      expect(
        codes.filter((c) => c === 0),
        JSON.stringify(codes),
      ).toHaveLength(1);
      for (const c of codes) expect([0, ErrorCode.wrongCode, ErrorCode.emailRegistered]).toContain(c);
      expect(await rowsOf(`${base}@gmail.com`)).toHaveLength(1);
    }
  });

  test("the unique index itself: two transactions inserting the two variants at once, one row", async () => {
    const base = name("index");
    const row = (email: string) => ({
      displayId: `9${randomBytes(4).readUInt32BE() % 1e8}`.padEnd(9, "0"),
      email,
      inviteCode: randomBytes(4).toString("hex").toUpperCase(),
      createdAt: api.clock.now(),
    });
    const attempts = await Promise.allSettled([
      api.database.db.transaction(async (tx) => {
        await tx.insert(users).values(row(`${base.slice(0, 2)}.${base.slice(2)}@gmail.com`));
        await tx.execute(sql`select pg_sleep(0.2)`);
      }),
      api.database.db.transaction(async (tx) => {
        await tx.insert(users).values(row(`${base}+x@gmail.com`));
        await tx.execute(sql`select pg_sleep(0.2)`);
      }),
    ]);
    expect(attempts.map((a) => a.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failed = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
    // The name register() turns into 300033.
    expect(uniqueViolation(failed.reason)).toBe("users_email_canonical_key");
    expect(await rowsOf(`${base}@gmail.com`)).toHaveLength(1);
  });
});

describe("migration 0007 on a database that already has two accounts of one mailbox", () => {
  test("it migrates; the oldest keeps the mailbox, both still sign in by their own address, no new one can join", () =>
    withDatabaseBefore("0007", async ({ db, migrateRest }) => {
      const insert = (id: number, email: string | null, at: string) =>
        db.execute(
          sql`insert into users (id, display_id, email, invite_code, created_at) values (${id}, ${`1000000${id}`}, ${email}, ${`CODE000${id}`}, ${at}::timestamptz)`,
        );
      await insert(1, "ab+x@gmail.com", "2026-01-02T00:00:00Z");
      await insert(2, "a.b@gmail.com", "2026-01-01T00:00:00Z");
      await insert(3, "a.b@googlemail.com", "2026-01-03T00:00:00Z");
      await insert(4, "other@example.com", "2026-01-01T00:00:00Z");
      await insert(5, null, "2026-01-01T00:00:00Z");
      await migrateRest();
      const { rows } = (await db.execute(sql`select id, email_canonical, email_slot from users order by id`)) as {
        rows: { id: number | string; email_canonical: string | null; email_slot: number | string }[];
      };
      expect(rows.map((r) => [Number(r.id), r.email_canonical, Number(r.email_slot)])).toEqual([
        [1, "ab@gmail.com", 1],
        [2, "ab@gmail.com", 0],
        [3, "ab@gmail.com", 3],
        [4, "other@example.com", 0],
        [5, null, 0],
      ]);
      // A new account of that mailbox, or another account of any mailbox, takes slot 0.
      await expect(insert(6, "ab+new@gmail.com", "2026-03-01T00:00:00Z")).rejects.toSatisfy(
        (e: unknown) => uniqueViolation(e) === "users_email_canonical_key",
      );
      await insert(7, "fresh@gmail.com", "2026-03-01T00:00:00Z");
    }));

  test("in the running API, such accounts sign in by their own address; a variant finds the oldest", async () => {
    nextUtcDay(api);
    const base = name("twin");
    const oldest = await signUp(api, { email: `${base}@gmail.com` });
    // As migration 0007 leaves a later account of the same mailbox: its own id as its slot.
    const [twin] = await api.database.db
      .insert(users)
      .values({
        displayId: `8${randomBytes(4).readUInt32BE() % 1e8}`.padEnd(9, "0"),
        email: `${base}+old@gmail.com`,
        inviteCode: randomBytes(4).toString("hex").toUpperCase(),
        createdAt: api.clock.now(),
        emailSlot: 1,
      })
      .returning();

    nextUtcDay(api);
    const own = await (async () => {
      const c = caller(api, { did: await newDid(api) });
      return expectOk(await loginCall(c, `${base}+old@gmail.com`, await mailedCode(api, c, `${base}+old@gmail.com`, "login")));
    })();
    expect(own.user.id).toBe(twin.id);

    nextUtcDay(api);
    const c = caller(api, { did: await newDid(api) });
    expectOk(await sendCode(c, `${base}+other@gmail.com`, "login"));
    const viaVariant = expectOk(await loginCall(c, `${base}+other@gmail.com`, lastCode(api, `${base}@gmail.com`)));
    expect(viaVariant.user.id).toBe(oldest.user.id);
    expectCode(await sendCode(caller(api), `${base}+new@gmail.com`, "register"), ErrorCode.emailRegistered);
  });
});
