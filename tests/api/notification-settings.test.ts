import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import pino from "pino";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { jobs } from "#api/src/db/schema.ts";
import { runJobs } from "#api/src/jobs/worker.ts";
import { createMailer } from "#api/src/mail/mailer.ts";
import { browserAt, PUSH_TEST_SETTINGS, pushService, type Browser, noticesAt } from "../setup/push-service.ts";
import { catchMail } from "../setup/smtp-catcher.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { collect, start } from "./airdrop-helpers.ts";
import { caller, expectCode, expectOk, signUp, type Caller } from "./helpers.ts";

// Each kind of notification can be turned off, the quiet hours are the user's own, and the
// round e-mail is opt-in, once a UTC day, with a one-click unsubscribe (docs/decisions/046).
// Default 8-hour rounds: they close at 00:00, 08:00 and 16:00 UTC.
const SETTINGS = "/v1/user/notifications/";
const UNSUBSCRIBE = "/v1/user/round_email/unsubscribe/";
const PUBLIC_URL = "https://vv.example";

const DEFAULTS = {
  kinds: { round: true, pause: true, remind: true, exchange: true, gift: true },
  quiet_hours: true,
  quiet_start: "22:00",
  quiet_end: "08:00",
  round_email: false,
};

const service = pushService();
beforeAll(() => service.start());
afterAll(() => service.stop());

interface Person {
  userId: number;
  email: string;
  client: Caller;
  browser?: Browser;
}

async function minting(api: TestApi, zone: string | null, language = "en"): Promise<Person> {
  const { client, user, email } = await signUp(api);
  expectOk(await client.call("PUT", "/v1/user/", { ui_lang: language }));
  await start(client);
  if (zone === null) return { userId: user.id, email, client };
  const browser = browserAt(service);
  expectOk(await client.call("POST", "/v1/user/web_push/subscribe/", { ...browser.json, time_zone: zone }));
  return { userId: user.id, email, client, browser };
}

const save = (p: Person, body: unknown) => p.client.call("POST", SETTINGS, body);

async function jobsOf(api: TestApi, p: Person, kind = "push") {
  return (await api.database.db.select().from(jobs).where(eq(jobs.kind, kind))).filter(
    (j) => (j.payload as { userId: number }).userId === p.userId,
  );
}
const kindsQueued = async (api: TestApi, p: Person) =>
  (await jobsOf(api, p)).map((j) => (j.payload as { notification: { kind: string } }).notification.kind).sort();
const notices = (p: Person) => noticesAt(service, p.browser!);

describe("the settings", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ ...PUSH_TEST_SETTINGS });
  });
  afterAll(() => api.close());

  test("start as the defaults; a save changes what it sends and keeps the rest; a refusal says which field", async () => {
    const { client } = await signUp(api);
    const me = { client } as Person;
    expect(expectOk(await client.call("GET", SETTINGS))).toEqual(DEFAULTS);

    expect(expectOk(await save(me, { kinds: { pause: false, gift: false }, quiet_start: "23:30" }))).toEqual({
      ...DEFAULTS,
      kinds: { ...DEFAULTS.kinds, pause: false, gift: false },
      quiet_start: "23:30",
    });
    // Another device sends other fields: what the first one changed stays.
    expectOk(await save(me, { kinds: { gift: true }, quiet_hours: false, round_email: true }));
    const kept = {
      kinds: { ...DEFAULTS.kinds, pause: false },
      quiet_hours: false,
      quiet_start: "23:30",
      quiet_end: "08:00",
      round_email: true,
    };
    expect(expectOk(await client.call("GET", SETTINGS))).toEqual(kept);

    // Two saves at once, each turning a kind off: both hold.
    await Promise.all([save(me, { kinds: { round: false } }), save(me, { kinds: { remind: false } })]);
    expect(expectOk(await client.call("GET", SETTINGS)).kinds).toEqual({ ...kept.kinds, round: false, remind: false });

    expectCode(await save(me, { quiet_start: "25:00" }), ErrorCode.quietHoursInvalid);
    expectCode(await save(me, { quiet_end: "" }), ErrorCode.quietHoursInvalid);
    expectCode(await save(me, { quiet_end: "8:00" }), ErrorCode.quietHoursInvalid);
    expectCode(await save(me, { kinds: { news: false } }), ErrorCode.badRequest, 400);
    expectCode(await save(me, { round_email: "yes" }), ErrorCode.badRequest, 400);
    expect(expectOk(await client.call("GET", SETTINGS)).quiet_start).toBe("23:30");

    expectCode(await caller(api).call("GET", SETTINGS), ErrorCode.loginExpired);
    expectCode(await caller(api).call("POST", SETTINGS, { round_email: true }), ErrorCode.loginExpired);
  });
});

describe("push notifications follow the settings", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ ...PUSH_TEST_SETTINGS, SUSPEND_THRESHOLD: "2", PUSH_SPREAD_SECONDS: "60" });
  });
  afterAll(() => api.close());

  test("a kind turned off is not queued; one turned off after it was queued is not sent", async () => {
    api.clock.set("2026-03-02T09:00:00Z");
    const [muted, changedMind, plain] = [await minting(api, "UTC"), await minting(api, "UTC"), await minting(api, "UTC")];
    // No quiet hours, so that only the switches decide here.
    for (const p of [muted, changedMind, plain]) expectOk(await save(p, { quiet_hours: false }));
    expectOk(await save(muted, { kinds: { round: false } }));

    api.clock.set("2026-03-03T00:00:00Z");
    await api.distribute();
    expect(await kindsQueued(api, muted)).toEqual([]);
    expect(await kindsQueued(api, changedMind)).toEqual(["round"]);
    expect(await kindsQueued(api, plain)).toEqual(["round"]);

    expectOk(await save(changedMind, { kinds: { round: false } }));
    api.clock.set("2026-03-03T00:01:00Z");
    await api.runJobs();
    expect(notices(plain).map((n) => n.kind)).toEqual(["round"]);
    expect(notices(changedMind)).toEqual([]);
    expect((await jobsOf(api, changedMind))[0]).toMatchObject({ failedAt: null, lastError: null });
    expect((await jobsOf(api, changedMind))[0].doneAt).not.toBeNull();

    // Only the round notice is off: the pause warning of the next close still comes.
    api.clock.set("2026-03-03T08:00:00Z");
    await api.distribute();
    expect(await kindsQueued(api, muted)).toEqual(["pause"]);
    api.clock.set("2026-03-03T08:01:00Z");
    await api.runJobs();
    expect(notices(muted).map((n) => n.kind)).toEqual(["pause"]);
    expect(
      notices(plain)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(["pause", "round", "round"]);
  });

  test("quiet hours are the user's own, in their browser's time zone, or none", async () => {
    api.clock.set("2026-03-04T09:00:00Z");
    // 00:01 UTC is 09:01 in Tokyo and 03:01 in Riyadh.
    const own = await minting(api, "Asia/Tokyo");
    const usual = await minting(api, "Asia/Tokyo");
    const none = await minting(api, "Asia/Riyadh");
    const night = await minting(api, "Asia/Riyadh");
    expectOk(await save(own, { quiet_start: "09:00", quiet_end: "12:30" }));
    expectOk(await save(none, { quiet_hours: false }));

    api.clock.set("2026-03-05T00:00:00Z");
    await api.distribute();
    api.clock.set("2026-03-05T00:01:00Z");
    await api.runJobs();
    // The default 22:00-08:00 is over in Tokyo; the user's own 09:00-12:30 has begun.
    expect(notices(usual)).toHaveLength(1);
    expect(notices(own)).toEqual([]);
    // In Riyadh's night: held by the default, sent at once to the user without quiet hours.
    expect(notices(none)).toHaveLength(1);
    expect(notices(night)).toEqual([]);

    api.clock.set("2026-03-05T03:29:59Z");
    await api.runJobs();
    expect(notices(own)).toEqual([]);
    api.clock.set("2026-03-05T03:30:00Z");
    await api.runJobs();
    expect(notices(own).map((n) => n.kind)).toEqual(["round"]);
    expect(notices(night)).toEqual([]);
    api.clock.set("2026-03-05T05:00:00Z");
    await api.runJobs();
    expect(notices(night).map((n) => n.kind)).toEqual(["round"]);
  });
});

describe("the round e-mail", () => {
  let api: TestApi;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  beforeAll(async () => {
    api = await createTestApi({ PUBLIC_URL, MAIL_UNSUBSCRIBE_ADDRESS: "unsubscribe@vv.example", SUSPEND_THRESHOLD: "5" });
    ({ server: smtp } = await catchMail((mail) => void received.push(mail)));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await api.close();
  });

  // The round e-mails only, not the sign-up codes.
  const mailsTo = (p: Person) => api.mails.filter((m) => m.to === p.email && m.headers?.["List-Unsubscribe"]);
  const LINK = new RegExp(
    `^<${PUBLIC_URL}/unsubscribe\\?token=(\\d+\\.[\\w-]{43})&ui_lang=ar>, <mailto:unsubscribe@vv\\.example\\?subject=unsubscribe>$`,
  );

  test("is sent only to those who asked, at most once a UTC day, in their language, with a one-click unsubscribe that works", async () => {
    api.clock.set("2026-03-02T09:00:00Z");
    const asked = await minting(api, null, "ar");
    const other = await minting(api, null);
    expectOk(await save(asked, { round_email: true }));

    api.clock.set("2026-03-03T00:00:00Z");
    await api.distribute();
    expect((await jobsOf(api, asked, "round_email")).map((j) => j.dedupeKey)).toEqual([`round_email:${asked.userId}:2026-03-03`]);
    expect(await jobsOf(api, other, "round_email")).toEqual([]);
    api.clock.set("2026-03-03T00:01:00Z");
    await api.runJobs();
    expect(mailsTo(other)).toEqual([]);
    const [first] = mailsTo(asked);
    expect(first.subject).toBe("لديك 1 VV بانتظار الاستلام");
    expect(first.text).toContain(`${PUBLIC_URL}/airdrop`);
    expect(first.html).toContain('dir="rtl"');
    expect(first.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const token = LINK.exec(first.headers!["List-Unsubscribe"])![1];
    expect(first.text).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}&ui_lang=ar`);

    // The two other closes of the day: no second e-mail.
    for (const close of ["2026-03-03T08:00:00Z", "2026-03-03T16:00:00Z"]) {
      api.clock.set(close);
      await api.distribute();
      api.clock.set(new Date(Date.parse(close) + 60_000));
      await api.runJobs();
    }
    expect(mailsTo(asked)).toHaveLength(1);
    // The next UTC day: one more, with what is waiting by then (4 rounds of 1 VV).
    api.clock.set("2026-03-04T00:00:00Z");
    await api.distribute();
    api.clock.set("2026-03-04T00:01:00Z");
    await api.runJobs();
    expect(mailsTo(asked).map((m) => m.subject)).toEqual(["لديك 1 VV بانتظار الاستلام", "لديك 4 VV بانتظار الاستلام"]);

    // The link's one-click POST needs no login; a forged or altered token is refused, in words the page can show.
    const anonymous = caller(api);
    const [id, signature] = token.split(".");
    for (const bad of ["", "abc", `${other.userId}.${signature}`, `${id}.${signature.slice(0, -1)}A`, `${id}.${signature}x`])
      expectCode(await anonymous.call("POST", UNSUBSCRIBE, { token: bad }), ErrorCode.unsubscribeLinkInvalid);
    expect(expectOk(await asked.client.call("GET", SETTINGS)).round_email).toBe(true);
    expectOk(await anonymous.call("POST", UNSUBSCRIBE, { token }));
    // Twice is no error: a mail client may post again.
    expectOk(await anonymous.call("POST", UNSUBSCRIBE, { token }));
    expect(expectOk(await asked.client.call("GET", SETTINGS))).toMatchObject({ round_email: false, kinds: DEFAULTS.kinds });

    api.clock.set("2026-03-05T00:00:00Z");
    await api.distribute();
    expect(await jobsOf(api, asked, "round_email")).toHaveLength(2);
  });

  test("is not sent once the VV was claimed, nor after the user turned it off", async () => {
    api.clock.set("2026-03-05T09:00:00Z");
    const claimer = await minting(api, null);
    const quitter = await minting(api, null);
    for (const p of [claimer, quitter]) expectOk(await save(p, { round_email: true }));
    api.clock.set("2026-03-06T00:00:00Z");
    await api.distribute();
    expect(await jobsOf(api, claimer, "round_email")).toHaveLength(1);
    expect(await jobsOf(api, quitter, "round_email")).toHaveLength(1);
    await collect(claimer.client);
    expectOk(await save(quitter, { round_email: false }));
    api.clock.set("2026-03-06T00:01:00Z");
    await api.runJobs();
    expect(mailsTo(claimer)).toEqual([]);
    expect(mailsTo(quitter)).toEqual([]);
  });

  test("reaches an SMTP server with List-Unsubscribe and List-Unsubscribe-Post", async () => {
    api.clock.set("2026-03-06T09:00:00Z");
    const reader = await minting(api, null, "ar");
    expectOk(await save(reader, { round_email: true }));
    api.clock.set("2026-03-07T00:00:00Z");
    await api.distribute();
    const { port } = smtp.server.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: api.config.MAIL_FROM,
      dataDir: "tests/.tmp",
      log: pino({ level: "silent" }),
    });
    api.clock.set("2026-03-07T00:01:00Z");
    await runJobs({ ...api.domain, mailer });
    const mail = received.find((m) => [m.to].flat().some((a) => a?.value.some((v) => v.address === reader.email)));
    expect(mail?.subject).toBe("لديك 1 VV بانتظار الاستلام");
    // Unfolded: a long header arrives over several lines.
    const header = (name: string) => mail!.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, " ");
    expect(header("list-unsubscribe")).toMatch(
      new RegExp(
        `^List-Unsubscribe: <${PUBLIC_URL}/unsubscribe\\?token=${reader.userId}\\.[\\w-]{43}&ui_lang=ar>, <mailto:unsubscribe@vv\\.example\\?subject=unsubscribe>$`,
      ),
    );
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });
});
