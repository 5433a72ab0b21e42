import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ErrorCode } from "#contract/errors.ts";
import { AvatarStatus } from "#contract/profile-states.ts";
import { reviewAvatar } from "#api/src/domain/profile/avatar-review.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { expectOk, signUp } from "./helpers.ts";
import { photoWithGps, uploadFile, type UploadOptions } from "./upload-helpers.ts";

let api: TestApi;
const dataDir = join("tests/.tmp", `uploads-${process.pid}-${Date.now()}`);
const MAX_BYTES = 300 * 1024;

beforeAll(async () => {
  api = await createTestApi({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(MAX_BYTES), UPLOAD_MAX_SIDE: "2000" });
});
afterAll(async () => api.close());

const upload = (token: string, file: Buffer, opts: UploadOptions = {}) => uploadFile(api, token, file, opts);

const stored = () => {
  try {
    return readdirSync(join(dataDir, "uploads"));
  } catch {
    return [];
  }
};

describe("POST /v1/file/upload/ (type=avatar)", () => {
  test("a JPEG with GPS comes back as a 512x512 WebP without any metadata, and goes into review", async () => {
    const user = await signUp(api);
    const photo = await photoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.exif?.toString("latin1")).toContain("PhoneCo");
    expect(before.exif?.includes(Buffer.from([0x88, 0x25])) || before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const answer = await upload(user.token, photo);
    expect(answer.status).toBe(200);
    const { urls } = expectOk(answer);
    expect(urls.id).toMatch(/^[A-Za-z0-9_-]{22}\.webp$/);
    expect(urls.url).toBe(`/media/${urls.id}`);

    const served = await api.app.inject({ method: "GET", url: `/v1/file/${urls.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const bytes = served.rawPayload;
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    const after = await sharp(bytes).metadata();
    expect({ format: after.format, width: after.width, height: after.height }).toEqual({ format: "webp", width: 512, height: 512 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
    expect(bytes.includes(Buffer.from("Exif"))).toBe(false);

    const me = expectOk(await user.client.call("GET", "/v1/user/"));
    expect(me).toMatchObject({ avatar: "", avatar_new: urls.url, avatar_status: AvatarStatus.inReview });
  });

  test("a second upload while in review replaces the first, whose file is removed", async () => {
    const user = await signUp(api);
    const first = expectOk(await upload(user.token, await photoWithGps(600, 600)));
    const second = expectOk(
      await upload(
        user.token,
        await sharp({ create: { width: 300, height: 500, channels: 4, background: "#fff0" } })
          .png()
          .toBuffer(),
        { filename: "x.png" },
      ),
    );
    expect(stored()).toContain(second.urls.id);
    expect(stored()).not.toContain(first.urls.id);
    expect(expectOk(await user.client.call("GET", "/v1/user/")).avatar_new).toBe(second.urls.url);
  });

  test.each([
    ["an HTML page renamed .jpg", () => Buffer.from("<!doctype html><script>alert(1)</script>"), ErrorCode.uploadNotImage],
    [
      "a GIF",
      () =>
        sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
          .gif()
          .toBuffer(),
      ErrorCode.uploadNotImage,
    ],
    ["random bytes", () => Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)), ErrorCode.uploadNotImage],
    [
      "a picture wider than the limit",
      () =>
        sharp({ create: { width: 2400, height: 10, channels: 3, background: "#000" } })
          .png()
          .toBuffer(),
      ErrorCode.uploadTooLargeSides,
    ],
    ["a truncated JPEG", async () => (await photoWithGps(1000, 1000)).subarray(0, 3000), ErrorCode.uploadUnreadable],
  ])("%s is refused with its own code, and nothing is stored or changed", async (_name, make, code) => {
    const user = await signUp(api);
    const files = stored().length;
    const answer = await upload(user.token, await make());
    expect(answer.body.code).toBe(code);
    expect(stored().length).toBe(files);
    expect(expectOk(await user.client.call("GET", "/v1/user/"))).toMatchObject({ avatar_new: "", avatar_status: AvatarStatus.settled });
  });

  test("a file over the size limit is refused with 413 before it is read whole", async () => {
    const user = await signUp(api);
    const big = Buffer.concat([await photoWithGps(200, 200), Buffer.alloc(MAX_BYTES + 1024)]);
    const answer = await upload(user.token, big);
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe(ErrorCode.tooLarge);
  });

  test("no token, a wrong type, a missing file or a plain JSON body: refused, never a 5xx", async () => {
    const user = await signUp(api);
    const photo = await photoWithGps(100, 100);
    expect((await upload("not-a-token", photo)).body.code).toBe(ErrorCode.loginExpired);
    expect((await upload(user.token, photo, { type: "campaign-banner" })).status).toBe(400);
    expect((await upload(user.token, photo, { field: "picture" })).status).toBe(400);
    expect((await user.client.call("POST", "/v1/file/upload/", { type: "avatar" })).status).toBe(400);
  });

  test("files nobody shows are removed: a refused one, one an approval replaced, and a deleted account's", async () => {
    const user = await signUp(api);
    const refused = expectOk(await upload(user.token, await photoWithGps(300, 300))).urls.id;
    await reviewAvatar(api.domain, { userId: user.user.id, approve: false, reason: "spam", actor: "test" });
    expect(stored()).not.toContain(refused);

    const first = expectOk(await upload(user.token, await photoWithGps(300, 300))).urls.id;
    await reviewAvatar(api.domain, { userId: user.user.id, approve: true, actor: "test" });
    const second = expectOk(await upload(user.token, await photoWithGps(310, 300))).urls.id;
    await reviewAvatar(api.domain, { userId: user.user.id, approve: true, actor: "test" });
    expect(stored()).not.toContain(first);
    expect(stored()).toContain(second);

    const waiting = expectOk(await upload(user.token, await photoWithGps(320, 300))).urls.id;
    expectOk(await user.client.call("POST", "/v1/user/delete/", { confirm: "DELETE" }));
    expect(stored()).not.toContain(second);
    expect(stored()).not.toContain(waiting);
  });

  test("only names this service made are served", async () => {
    for (const name of ["..%2F..%2Fapi-secret", "x.webp", "AAAAAAAAAAAAAAAAAAAAAA.html", "AAAAAAAAAAAAAAAAAAAAAA.webp"]) {
      const res = await api.app.inject({ method: "GET", url: `/v1/file/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.notFound);
    }
  });
});
