import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { jobs, minters } from "#api/src/db/schema.ts";
import { distributeRound } from "#api/src/domain/airdrop/distribution.ts";
import { pushJob } from "#api/src/domain/push/notifications.ts";
import { enqueueJobs } from "#api/src/jobs/queue.ts";
import { browserAt, PUSH_TEST_SETTINGS, pushService, type Browser, noticesAt } from "../setup/push-service.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { start } from "./airdrop-helpers.ts";
import { expectOk, signUp } from "./helpers.ts";

// A distributed round queues, for each paid user with a browser subscribed, one "round closed"
// notification, and a pause warning when the next close would pause them; each is due within
// PUSH_SPREAD_SECONDS, held through the browser's night, and dropped once the next close passed.
// Default 8-hour rounds: they close at 00:00, 08:00 and 16:00 UTC.
const service = pushService();
let api: TestApi;
beforeAll(async () => {
  await service.start();
  api = await createTestApi({
    ...PUSH_TEST_SETTINGS,
    SUSPEND_THRESHOLD: "2",
    PUSH_SPREAD_SECONDS: "60",
  });
});
afterAll(async () => {
  await api?.close();
  await service.stop();
});

interface Person {
  userId: number;
  browser?: Browser;
}

async function minting(zone: string | null, language = "en"): Promise<Person> {
  const { client, user } = await signUp(api);
  expectOk(await client.call("PUT", "/v1/user/", { ui_lang: language }));
  await start(client);
  if (zone === null) return { userId: user.id };
  const browser = browserAt(service);
  expectOk(await client.call("POST", "/v1/user/web_push/subscribe/", { ...browser.json, time_zone: zone }));
  return { userId: user.id, browser };
}

const jobsOf = async (p: Person) =>
  (await api.database.db.select().from(jobs).where(eq(jobs.kind, "push"))).filter(
    (j) => (j.payload as { userId: number }).userId === p.userId,
  );
const notices = (p: Person) => noticesAt(service, p.browser!);

test("round closed and pause warnings: one per user and round, spread, held at night, dropped when out of date, in the user's language", async () => {
  api.clock.set("2026-03-02T09:00:00Z");
  // Each zone's night falls differently across the closes at 00:00 and 08:00 UTC.
  const arabic = await minting("America/New_York", "ar");
  const night = await minting("Asia/Riyadh");
  const late = await minting("America/Los_Angeles");
  const crowd = await Promise.all(Array.from({ length: 4 }, () => minting("Asia/Tokyo")));
  const unsubscribed = await minting(null);
  const subscribed = [arabic, night, late, ...crowd];

  // The first round they mint closes at 00:00 UTC.
  const first = new Date("2026-03-03T00:00:00Z");
  api.clock.set(first);
  const [paid] = await api.distribute();
  expect(paid.participants).toBe(8);
  expect(await jobsOf(unsubscribed)).toEqual([]);
  const queued = (await Promise.all(subscribed.map(jobsOf))).flat();
  expect(queued.map((j) => (j.payload as { notification: { kind: string } }).notification.kind)).toEqual(Array(7).fill("round"));
  for (const job of queued) {
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(first.getTime());
    expect(job.runAt.getTime()).toBeLessThanOrEqual(first.getTime() + 60_000);
    expect(job.expiresAt).toEqual(new Date("2026-03-03T08:00:00Z"));
  }
  expect(new Set(queued.map((j) => j.runAt.getTime())).size).toBeGreaterThan(1);
  // Once per round: the distribution run again, or another producer of the same notice, queues nothing more.
  expect(await distributeRound(api.domain, paid.round)).toMatchObject({ fresh: false });
  await enqueueJobs(api.domain, [pushJob(arabic.userId, { kind: "round", url: "/airdrop", tag: "round", round: paid.round, amount: "1" })]);
  expect(await jobsOf(arabic)).toHaveLength(1);

  api.clock.set("2026-03-03T00:01:00Z");
  await api.runJobs();
  // 19:01 in New York: sent, in Arabic; 1 VV (100 power at 0.01).
  expect(notices(arabic)).toEqual([
    {
      title: "انتهت الجولة",
      body: "لديك 1 VV بانتظار الاستلام. افتح VV لاستلامها.",
      url: "/airdrop",
      tag: "round",
      kind: "round",
      dedupe_key: `push:${arabic.userId}:round:${paid.round}`,
    },
  ]);
  for (const p of [late, ...crowd]) expect(notices(p).map((n) => n.kind)).toEqual(["round"]);
  // 03:01 in Riyadh: held until 08:00 there.
  expect(notices(night)).toEqual([]);
  api.clock.set("2026-03-03T04:59:59Z");
  await api.runJobs();
  expect(notices(night)).toEqual([]);
  api.clock.set("2026-03-03T05:00:00Z");
  await api.runJobs();
  expect(notices(night).map((n) => n.body)).toEqual(["1 VV to claim. Open VV to collect it."]);

  // The second round unclaimed reaches the threshold: the close at 16:00 pauses them unless they claim.
  api.clock.set("2026-03-03T08:00:00Z");
  const [second] = await api.distribute();
  const warnings = (await Promise.all(subscribed.map(jobsOf))).flat().filter((j) => j.dedupeKey!.includes(":pause:"));
  expect(warnings).toHaveLength(7);
  for (const w of warnings) expect(w.expiresAt).toEqual(new Date("2026-03-03T16:00:00Z"));
  expect(await jobsOf(unsubscribed)).toEqual([]);
  api.clock.set("2026-03-03T08:01:00Z");
  await api.runJobs();
  // Each is due at its own moment within the spread: in either order.
  for (const p of [night, ...crowd])
    expect(
      notices(p)
        .map((n) => n.kind)
        .sort(),
    ).toEqual(["pause", "round", "round"]);
  // 03:01 in New York: held until 08:00 there, 13:00 UTC.
  expect(notices(arabic)).toHaveLength(1);
  api.clock.set("2026-03-03T13:00:00Z");
  await api.runJobs();
  const pause = notices(arabic).find((n) => n.kind === "pause");
  expect(pause).toEqual({
    title: "سيتوقف الإسقاط الجوي الخاص بك قريبًا",
    body: "استلم قبل انتهاء الجولة التالية، وإلا سيتوقف الإسقاط الجوي الخاص بك مؤقتًا.",
    url: "/airdrop",
    tag: "pause",
    kind: "pause",
    dedupe_key: `push:${arabic.userId}:pause:${second.round}`,
  });
  expect(notices(arabic).filter((n) => n.kind === "round")[1]?.body).toBe("لديك 2 VV بانتظار الاستلام. افتح VV لاستلامها.");

  // 00:01 in Los Angeles: held until 08:00 there, which is the next close: by then out of date, dropped unsent.
  expect(notices(late)).toHaveLength(1);
  api.clock.set("2026-03-03T16:00:00Z");
  expect(await api.runJobs()).toMatchObject({ expired: 2, done: 0 });
  expect(notices(late)).toHaveLength(1);

  // The warning was right: nobody claimed, and the close paused them all.
  await api.distribute();
  const paused = await api.database.db.select().from(minters).where(eq(minters.userId, arabic.userId));
  expect(paused[0].suspendedAt).toEqual(new Date("2026-03-03T16:00:00Z"));
});
