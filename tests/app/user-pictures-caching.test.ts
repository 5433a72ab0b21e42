/**
 * User pictures (avatars at /media, the campaign card) are served so that no
 * shared cache outlives their deletion or a ban (docs/decisions/036), at the API and at the web
 * app's proxy alike.
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "#api/src/db/schema.ts";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { reviewApplication } from "#api/src/domain/campaign/review.ts";
import { reviewAvatar } from "#api/src/domain/profile/avatar-review.ts";
import type { TestApi } from "../setup/test-api.ts";
import { uploadFile } from "../api/upload-helpers.ts";
import { args, get, ORIGIN, signUpThroughApp, startBff, type Jar } from "./harness.ts";

let api: TestApi;
let media: typeof import("#app/routes/media.$name.tsx");
let shareRoute: typeof import("#app/routes/campaign.share.$file.tsx");
let session: typeof import("#app/utils/session.server.ts");

beforeAll(async () => {
  api = await startBff();
  media = await import("#app/routes/media.$name.tsx");
  shareRoute = await import("#app/routes/campaign.share.$file.tsx");
  session = await import("#app/utils/session.server.ts");
});
afterAll(async () => api.close());

/**
 * Whether a shared cache (RFC 9111: a CDN, a proxy) may store this answer and serve it again
 * without asking the origin first: then it would go on serving a picture after the origin dropped it.
 */
function sharedCacheServesUnasked(cacheControl: string | null): boolean {
  const directives = new Map(
    (cacheControl ?? "")
      .toLowerCase()
      .split(",")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [k, v] = d.split("=");
        return [k, v ?? ""] as const;
      }),
  );
  if (directives.has("private") || directives.has("no-store") || directives.has("no-cache")) return false;
  const fresh = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? 0);
  return fresh > 0 || directives.has("immutable");
}

test("the check itself: what the code had before is what it refuses", () => {
  expect(sharedCacheServesUnasked("public, max-age=31536000, immutable")).toBe(true);
  expect(sharedCacheServesUnasked("public, max-age=3600")).toBe(true);
  expect(sharedCacheServesUnasked("private, max-age=600")).toBe(false);
  expect(sharedCacheServesUnasked("public, no-cache")).toBe(false);
});

async function tokenOf(jar: Jar): Promise<string> {
  return (await session.readSession(new Request(ORIGIN, { headers: { Cookie: jar.header() } }))).token!;
}

const picture = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: "#58c" } })
    .jpeg()
    .toBuffer();

async function viaApp(name: string): Promise<Response> {
  return media.loader({ ...args(get(`/media/${name}`)), params: { name } });
}

async function viaApi(name: string) {
  return api.app.inject({ method: "GET", url: `/v1/file/${name}` });
}

/** A signed-in user whose avatar an operator approved: its file name and the user. */
async function userWithAvatar() {
  const { jar, email } = await signUpThroughApp(api, { tag: "pictures" });
  const token = await tokenOf(jar);
  const upload = await uploadFile(api, token, await picture());
  expect(upload.body.code).toBe(0);
  const name = upload.body.data.urls.id as string;
  const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
  await reviewAvatar(api.domain, { userId: user.id, approve: true, actor: "test" });
  return { jar, token, user, name, email };
}

describe("avatars (/media/<name> and the API's /v1/file/<name>)", () => {
  test("cached by the viewer's browser only, briefly; no shared cache keeps them", async () => {
    const { name } = await userWithAvatar();
    const fromApp = await viaApp(name);
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get("Cache-Control")).toBe("private, max-age=600");
    expect(sharedCacheServesUnasked(fromApp.headers.get("Cache-Control"))).toBe(false);
    const fromApi = await viaApi(name);
    expect(fromApi.statusCode).toBe(200);
    expect(fromApi.headers["cache-control"]).toBe("private, max-age=600");
    expect(sharedCacheServesUnasked(String(fromApi.headers["cache-control"]))).toBe(false);
  });

  test("after the account is deleted, the next request for its avatar is a 404 that nothing caches", async () => {
    const { token, name } = await userWithAvatar();
    expect((await viaApp(name)).status).toBe(200);
    const deleted = await api.app.inject({
      method: "POST",
      url: "/v1/user/delete/?os=web&vcode=1",
      headers: { authorization: `HIN ${token}` },
      payload: { confirm: "DELETE" },
    });
    expect(deleted.json().code).toBe(0);
    const gone = await viaApp(name);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("Cache-Control")).toBe("no-store");
    const goneAtApi = await viaApi(name);
    expect(goneAtApi.statusCode).toBe(404);
    expect(goneAtApi.headers["cache-control"]).toBe("no-store");
  });
});

describe("the campaign card (/campaign/share/<code>.png)", () => {
  test("any cache must ask before each use; after a ban the card is a 404 that nothing caches, even to a revalidation", async () => {
    const { jar, token, user, email } = await userWithAvatar();
    const call = (method: "POST" | "PUT", url: string, payload?: object) =>
      api.app.inject({ method, url: `${url}?os=web&vcode=1`, headers: { authorization: `HIN ${token}` }, payload });
    expect((await call("POST", "/v1/mint/start/")).json().code).toBe(0);
    expect((await call("PUT", "/v1/mint/twitter/", { twitter: `@p${Math.random().toString(36).slice(2, 10)}` })).json().code).toBe(0);
    const photo = await uploadFile(api, token, await picture(), { type: "campaign" });
    expect((await call("POST", "/v1/campaign/apply/", { contact: "Telegram @pic", photo: photo.body.data.urls.id })).json().code).toBe(0);
    expect(await reviewApplication(api.domain, { userId: user.id, approve: true, actor: "test" })).toBe(true);
    expect(jar.cookies.size).toBeGreaterThan(0);

    const file = `${user.inviteCode}.png`;
    const card = (headers: Record<string, string> = {}) =>
      shareRoute.loader({ ...args(get(`/campaign/share/${file}`, { headers })), params: { file } });
    const shown = await card();
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toBe("public, no-cache");
    expect(sharedCacheServesUnasked(shown.headers.get("Cache-Control"))).toBe(false);
    const etag = shown.headers.get("ETag")!;
    expect(etag).toBeTruthy();
    const fromApi = await api.app.inject({ method: "GET", url: `/v1/campaign/share/${file}` });
    expect(fromApi.headers["cache-control"]).toBe("public, no-cache");
    // While it stands, a cache's revalidation is a 304.
    expect((await card({ "If-None-Match": etag })).status).toBe(304);

    expect(await setUserBan(api.domain, { email, banned: true, actor: "test" })).toBe(true);
    const banned = await card({ "If-None-Match": etag });
    expect(banned.status).toBe(404);
    expect(banned.headers.get("Cache-Control")).toBe("no-store");
    const bannedAtApi = await api.app.inject({ method: "GET", url: `/v1/campaign/share/${file}`, headers: { "if-none-match": etag } });
    expect(bannedAtApi.statusCode).toBe(404);
    expect(bannedAtApi.headers["cache-control"]).toBe("no-store");
  });
});
