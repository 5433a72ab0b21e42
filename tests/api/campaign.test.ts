import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { auditLog, campaignApplications, users } from "#api/src/db/schema.ts";
import { pendingApplications, reviewApplication } from "#api/src/domain/campaign/review.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { caller, expectCode, expectOk, opsIn, signUp, type Caller } from "./helpers.ts";
import { photoWithGps, uploadFile } from "./upload-helpers.ts";

let api: TestApi;
const dataDir = join("tests/.tmp", `campaign-${process.pid}-${Date.now()}`);

beforeAll(async () => {
  api = await createTestApi({ DATA_DIR: dataDir, UPLOAD_MAX_SIDE: "3000", PUBLIC_URL: "https://vv.example" });
});
afterAll(async () => api.close());

const stored = () => {
  try {
    return readdirSync(join(dataDir, "uploads"));
  } catch {
    return [];
  }
};

const campaign = async (c: Caller) => expectOk(await c.call("GET", "/v1/campaign/"));
const apply = (c: Caller, body: unknown) => c.call("POST", "/v1/campaign/apply/", body);
const auditOf = (userId: number) =>
  api.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `user:${userId}`))
    .orderBy(desc(auditLog.id));

/** A new user who has done the required tasks (started the airdrop, bound an X account). */
async function qualified(handle = `@c${randomBytes(5).toString("hex")}`) {
  const user = await signUp(api);
  expectOk(await user.client.call("POST", "/v1/mint/start/"));
  expectOk(await user.client.call("PUT", "/v1/mint/twitter/", { twitter: handle }));
  return user;
}

async function campaignPhoto(token: string, width = 1600, height = 900) {
  return expectOk(await uploadFile(api, token, await photoWithGps(width, height), { type: "campaign" })).urls.id as string;
}

describe("the campaign application", () => {
  test("a new user has not applied; the tasks say what applying needs, and applying before them is refused", async () => {
    const user = await signUp(api);
    const state = await campaign(user.client);
    expect(state).toMatchObject({
      status: "not_applied",
      can_apply: false,
      contact: null,
      photo: null,
      reason: null,
      share_image: null,
      share_link: null,
      announce_url: "https://x.com/vv_official",
      announce_at: null,
      team_l1_percent: 25,
    });
    expect(state.tasks).toEqual([
      { id: "start_airdrop", done: false, required: true },
      { id: "bind_social", done: false, required: true },
      { id: "follow_official", done: false, required: false },
      { id: "invite_friends", done: false, required: false },
    ]);
    const photo = await campaignPhoto(user.token);
    expectCode(await apply(user.client, { contact: "me@example.com", photo }), ErrorCode.campaignTasksUnfinished);

    expectOk(await user.client.call("POST", "/v1/mint/start/"));
    expect((await campaign(user.client)).tasks[0]).toEqual({ id: "start_airdrop", done: true, required: true });
    expect((await campaign(user.client)).can_apply).toBe(false);
    expectOk(await user.client.call("PUT", "/v1/mint/twitter/", { twitter: `@t${randomBytes(5).toString("hex")}` }));
    expect((await campaign(user.client)).can_apply).toBe(true);
  });

  test("the photo is stored as WebP within 1024 px a side, its metadata gone", async () => {
    const user = await signUp(api);
    const id = await campaignPhoto(user.token, 2400, 1200);
    const served = await api.app.inject({ method: "GET", url: `/v1/file/${id}` });
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: "webp",
      width: 1024,
      height: 512,
      exif: undefined,
    });
    // A campaign photo is not an avatar: the profile is untouched.
    expect(expectOk(await user.client.call("GET", "/v1/user/"))).toMatchObject({ avatar_new: "" });
  });

  test.each([
    ["too short", "ab"],
    ["only spaces", "     "],
    ["too long", "x".repeat(101)],
    ["a control character", "me\u0000@example.com"],
    ["a bidi override", "\u202Emoc.elpmaxe@em"],
  ])("contact info %s is refused (300116) and nothing is stored", async (_name, contact) => {
    const user = await qualified();
    const photo = await campaignPhoto(user.token);
    expectCode(await apply(user.client, { contact, photo }), ErrorCode.campaignContactInvalid);
    expect((await campaign(user.client)).status).toBe("not_applied");
  });

  test("a photo that is not the applicant's own campaign upload, or not a stored name at all, is refused (300117)", async () => {
    const user = await qualified();
    const other = await signUp(api);
    const theirs = await campaignPhoto(other.token);
    const avatar = expectOk(await uploadFile(api, user.token, await photoWithGps(300, 300))).urls.id;
    for (const photo of ["", "nope.webp", theirs, avatar, "a\u0000b", `${avatar}\u0000`]) {
      expectCode(await apply(user.client, { contact: "me@example.com", photo }), ErrorCode.campaignPhotoRequired);
    }
    expectCode(await apply(user.client, { contact: "me@example.com" }), ErrorCode.badRequest, 400);
    expect((await campaign(user.client)).status).toBe("not_applied");
  });

  test("applied: in review with what was sent; a second application is refused (300118)", async () => {
    const user = await qualified();
    const photo = await campaignPhoto(user.token);
    const state = expectOk(await apply(user.client, { contact: "  Telegram @me_123  ", photo }));
    expect(state).toMatchObject({
      status: "in_review",
      can_apply: false,
      contact: "Telegram @me_123",
      photo: `/media/${photo}`,
      reason: null,
      share_image: null,
    });
    expect(state.submitted_at).toBe(Math.floor(api.clock.now().getTime() / 1000));
    expect(await campaign(user.client)).toEqual(state);
    expectCode(await apply(user.client, { contact: "another", photo: await campaignPhoto(user.token) }), ErrorCode.campaignAlreadyApplied);
    expect((await campaign(user.client)).contact).toBe("Telegram @me_123");
  });

  test("two applications sent at once: one is taken, the other refused", async () => {
    const user = await qualified();
    const photo = await campaignPhoto(user.token);
    const answers = await Promise.all([apply(user.client, { contact: "first", photo }), apply(user.client, { contact: "second", photo })]);
    const codes = answers.map((x) => x.body.code).sort();
    expect(codes).toEqual([0, ErrorCode.campaignAlreadyApplied]);
    const rows = await api.database.db.select().from(campaignApplications).where(eq(campaignApplications.userId, user.user.id));
    expect(rows).toHaveLength(1);
  });

  test("an unused earlier campaign photo is removed when another is uploaded", async () => {
    const user = await qualified();
    const first = await campaignPhoto(user.token);
    const second = await campaignPhoto(user.token);
    expect(stored()).toContain(second);
    expect(stored()).not.toContain(first);
  });

  test("no token: refused; a JSON body on the wrong types: 400, never a 5xx", async () => {
    const user = await signUp(api);
    expectCode(await caller(api).call("GET", "/v1/campaign/"), ErrorCode.loginExpired);
    expectCode(await apply(user.client, { contact: 5, photo: [] }), ErrorCode.badRequest, 400);
  });
});

describe("what approval brings", () => {
  test("the winners' announcement date and the Team Power share come from the configuration and the rules in force", async () => {
    const configured = await createTestApi({ CAMPAIGN_ANNOUNCE_AT: "2027-03-01T12:00:00+02:00", TEAM_L1_PERCENT: "15" });
    try {
      const user = await signUp(configured);
      expect(await campaign(user.client)).toMatchObject({
        announce_at: Date.parse("2027-03-01T10:00:00Z") / 1000,
        team_l1_percent: 15,
      });
    } finally {
      await configured.close();
    }
  });
});

describe("review by an operator, and the share image", () => {
  test("rejected with a reason, applied again with a new photo, approved: each step audited, the share image made", async () => {
    const user = await qualified();
    const first = await campaignPhoto(user.token);
    expectOk(await apply(user.client, { contact: "me@example.com", photo: first }));
    const pending = await pendingApplications(api.domain);
    expect(pending).toContainEqual(expect.objectContaining({ userId: user.user.id, contact: "me@example.com", photo: `/media/${first}` }));

    await expect(reviewApplication(api.domain, { userId: user.user.id, approve: false, actor: "ops" })).rejects.toThrow(/reason/);
    expect(await reviewApplication(api.domain, { userId: user.user.id, approve: false, reason: "unclear", actor: "ops" })).toBe(true);
    expect(await campaign(user.client)).toMatchObject({
      status: "rejected",
      reason: "unclear",
      can_apply: true,
      share_image: null,
    });
    // Decided already: a second decision finds nothing in review.
    expect(await reviewApplication(api.domain, { userId: user.user.id, approve: true, actor: "ops" })).toBe(false);

    const second = await campaignPhoto(user.token);
    expectOk(await apply(user.client, { contact: "me@example.com", photo: second }));
    expect(await campaign(user.client)).toMatchObject({ status: "in_review", reason: null, photo: `/media/${second}` });
    expect(stored()).not.toContain(first);

    expect(await reviewApplication(api.domain, { userId: user.user.id, approve: true, actor: "ops" })).toBe(true);
    const code = user.user.invite_code as string;
    const approved = await campaign(user.client);
    expect(approved).toMatchObject({
      status: "approved",
      can_apply: false,
      share_image: `/campaign/share/${code}.png`,
      share_link: `https://vv.example/register?invite=${code}`,
    });
    expect(approved.reviewed_at).toBe(Math.floor(api.clock.now().getTime() / 1000));
    expectCode(await apply(user.client, { contact: "again", photo: await campaignPhoto(user.token) }), ErrorCode.campaignAlreadyApplied);
    const audit = (await auditOf(user.user.id)).map((a) => [a.actor, a.action, a.detail]);
    expect(audit).toEqual([
      ["ops", "campaign.approve", { photo: `/media/${second}` }],
      ["ops", "campaign.reject", { photo: `/media/${first}`, reason: "unclear" }],
    ]);

    // The share image: a 1200x630 PNG whose QR code is the invite link; cacheable and revalidated by ETag.
    const image = await api.app.inject({ method: "GET", url: `/v1/campaign/share/${code}.png` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["cache-control"]).toBe("public, no-cache");
    const meta = await sharp(image.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width: 1200, height: 630 });
    const { data, info } = await sharp(image.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data).toBe(
      `https://vv.example/register?invite=${code}`,
    );
    // The card shows the photo sent with the application (photoWithGps is #3a6 throughout), cut
    // to the circle left of the name, not the profile's avatar or the name's initial.
    const middle = await sharp(image.rawPayload)
      .extract({ left: 64 + 88, top: 318 + 88, width: 1, height: 1 })
      .raw()
      .toBuffer();
    const off = [0x33, 0xaa, 0x66].map((c, i) => Math.abs(c - middle[i]));
    expect(Math.max(...off), `the middle of the circle is rgb(${[...middle.subarray(0, 3)]})`).toBeLessThan(24);
    const again = await api.app.inject({
      method: "GET",
      url: `/v1/campaign/share/${code}.png`,
      headers: { "if-none-match": String(image.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    // The invite link's page learns the preview image from the inviter call.
    const visitor = await signUp(api);
    expect(expectOk(await visitor.client.call("GET", "/v1/user/inviter/", undefined, { invite_code: code }))).toEqual({
      name: expect.any(String),
      nickname: expect.any(String),
      alias: expect.stringMatching(/^[a-z]+-\d{2}$/),
      share_image: `/campaign/share/${code}.png`,
    });
  });

  test("no share image for anyone not approved, nor for a malformed name", async () => {
    const user = await qualified();
    const code = user.user.invite_code as string;
    for (const url of [
      `/v1/campaign/share/${code}.png`,
      "/v1/campaign/share/NOPE0000.png",
      `/v1/campaign/share/${code}.jpg`,
      "/v1/campaign/share/..%2Fx.png",
    ]) {
      const res = await api.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(ErrorCode.notFound);
    }
    expect(expectOk(await user.client.call("GET", "/v1/user/inviter/", undefined, { invite_code: code })).share_image).toBeNull();
  });

  test("deleting the account deletes the application and its photo", async () => {
    const user = await qualified();
    const photo = await campaignPhoto(user.token);
    expectOk(await apply(user.client, { contact: "me@example.com", photo }));
    expectOk(await user.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(await api.database.db.select().from(campaignApplications).where(eq(campaignApplications.userId, user.user.id))).toEqual([]);
    expect(stored()).not.toContain(photo);
  });
});

describe("npm run ops -- applications / application-approve / application-reject", () => {
  test("the commands list and decide, and the decision is audited as the machine user", async () => {
    const desk = await createTestApi();
    try {
      const { db } = desk.database;
      const [user] = await db
        .insert(users)
        .values({ displayId: "223456789", name: "Aya", inviteCode: "CLICAMP1", createdAt: new Date() })
        .returning();
      await db.insert(campaignApplications).values({
        userId: user.id,
        contact: "aya@example.com",
        photo: "p.webp",
        status: "in_review",
        submittedAt: new Date("2026-05-01T10:00:00Z"),
      });
      const cli = `cli:${userInfo().username}`;
      expect((await opsIn(desk, "applications")).split("\n")).toEqual([
        "user id\tdisplay id\tname\tsubmitted\tphoto\tcontact",
        `${user.id}\t223456789\tAya\t2026-05-01T10:00:00.000Z\t/media/p.webp\taya@example.com`,
      ]);
      expect(await opsIn(desk, "application-reject", String(user.id), "unclear", "blurred", "and", "dark")).toBe(
        `rejected the campaign application of user ${user.id}`,
      );

      const [row] = await db.select().from(campaignApplications).where(eq(campaignApplications.userId, user.id));
      expect(row).toMatchObject({ status: "rejected", reason: "unclear", reviewedBy: cli });
      const [audit] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `user:${user.id}`));
      expect(audit).toMatchObject({
        actor: cli,
        action: "campaign.reject",
        detail: { photo: "/media/p.webp", reason: "unclear", note: "blurred and dark" },
      });
    } finally {
      await desk.close();
    }
  });
});
