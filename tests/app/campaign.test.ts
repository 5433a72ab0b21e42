import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { users } from "#api/src/db/schema.ts";
import { reviewApplication } from "#api/src/domain/campaign/review.ts";
import { ErrorCode } from "#contract/errors.ts";
import { campaignSharePath, invitePath } from "#contract/web-paths.ts";
import type { TestApi } from "../setup/test-api.ts";
import { args, get, ORIGIN, run, signUpThroughApp, startBff, type Jar } from "./harness.ts";

let api: TestApi;
let campaign: typeof import("#app/routes/_app.campaign.tsx");
let shareRoute: typeof import("#app/routes/campaign.share.$file.tsx");
let register: typeof import("#app/routes/register.tsx");
let session: typeof import("#app/utils/session.server.ts");

beforeAll(async () => {
  api = await startBff();
  campaign = await import("#app/routes/_app.campaign.tsx");
  shareRoute = await import("#app/routes/campaign.share.$file.tsx");
  register = await import("#app/routes/register.tsx");
  session = await import("#app/utils/session.server.ts");
});
afterAll(async () => api.close());

async function tokenOf(jar: Jar): Promise<string> {
  return (await session.readSession(new Request(ORIGIN, { headers: { Cookie: jar.header() } }))).token!;
}

/** A signed-in browser whose user has done the required tasks, through the API with its own token. */
async function qualifiedBrowser() {
  const { jar, email } = await signUpThroughApp(api, { tag: "campaign" });
  const token = await tokenOf(jar);
  const call = (method: "POST" | "PUT", url: string, payload?: object) =>
    api.app.inject({ method, url: `${url}?os=web&vcode=1`, headers: { authorization: `HIN ${token}` }, payload });
  expect((await call("POST", "/v1/mint/start/")).json().code).toBe(0);
  expect((await call("PUT", "/v1/mint/twitter/", { twitter: `@w${Math.random().toString(36).slice(2, 10)}` })).json().code).toBe(0);
  const [user] = await api.database.db.select().from(users).where(eq(users.email, email));
  return { jar, user };
}

/** The campaign form as a phone posts it: multipart, with the photo when one is chosen. */
async function applyPost(jar: Jar, fields: { contact?: string; photo?: Buffer | null }) {
  const form = new FormData();
  form.append("intent", "apply");
  form.append("contact", fields.contact ?? "");
  form.append(
    "photo",
    fields.photo ? new Blob([new Uint8Array(fields.photo)], { type: "image/jpeg" }) : new Blob([]),
    fields.photo ? "me.jpg" : "",
  );
  return run(() =>
    campaign.action(args(new Request(`${ORIGIN}/campaign?step=apply`, { method: "POST", body: form, headers: { Cookie: jar.header() } }))),
  );
}

const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#c96" } })
    .jpeg()
    .toBuffer();

test("/campaign needs a signed-in user", async () => {
  const res = await run(() => campaign.loader(args(get("/campaign"))));
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fcampaign");
});

test("the form opens only when applying is allowed; a missing contact or photo is refused by field, typed text kept", async () => {
  const { jar: newcomer } = await signUpThroughApp(api, { tag: "campaign" });
  const locked = await (await run(() => campaign.loader(args(get("/campaign?step=apply", { jar: newcomer }))))).json();
  expect(locked).toMatchObject({ applying: false, campaign: { status: "not_applied", can_apply: false } });

  const { jar } = await qualifiedBrowser();
  expect(await (await run(() => campaign.loader(args(get("/campaign?step=apply", { jar }))))).json()).toMatchObject({ applying: true });

  const noContact = await applyPost(jar, { contact: " ", photo: await photo() });
  // Each said next to its field (inPage), not again as a toast.
  expect(await noContact.json()).toEqual({
    toast: { kind: "error", code: ErrorCode.campaignContactInvalid, inPage: true },
    fields: { contact: "", handle: "" },
  });
  const noPhoto = await applyPost(jar, { contact: "me@example.com" });
  expect(await noPhoto.json()).toEqual({
    toast: { kind: "error", code: ErrorCode.campaignPhotoRequired, inPage: true },
    fields: { contact: "me@example.com", handle: "" },
  });
  expect((await (await run(() => campaign.loader(args(get("/campaign", { jar }))))).json()).campaign.status).toBe("not_applied");
});

test("an X handle linked from the campaign's tasks: one that is not a handle is refused next to its field, the typed text kept", async () => {
  const { jar } = await signUpThroughApp(api, { tag: "campaign" });
  const bind = (handle: string) => {
    const form = new FormData();
    form.append("intent", "bind");
    form.append("handle", handle);
    return run(() =>
      campaign.action(args(new Request(`${ORIGIN}/campaign`, { method: "POST", body: form, headers: { Cookie: jar.header() } }))),
    );
  };
  expect(await (await bind("not a handle")).json()).toEqual({
    toast: expect.objectContaining({ kind: "error", code: ErrorCode.socialInvalid, inPage: true }),
    fields: { contact: "", handle: "not a handle" },
  });
  expect((await bind(`w${Math.random().toString(36).slice(2, 10)}`)).status).toBe(302);
  const tasks = (await (await run(() => campaign.loader(args(get("/campaign", { jar }))))).json()).campaign.tasks;
  expect(tasks).toContainEqual({ id: "bind_social", done: true, required: true });
});

test("applied through the web app, approved by an operator: the share image is served, cached, and previews the invite link", async () => {
  const { jar, user } = await qualifiedBrowser();
  const sent = await applyPost(jar, { contact: "Telegram @maya", photo: await photo() });
  expect(sent.status).toBe(302);
  expect(sent.headers.get("Location")).toBe("/campaign");
  const inReview = await (await run(() => campaign.loader(args(get("/campaign", { jar }))))).json();
  expect(inReview).toMatchObject({
    campaign: { status: "in_review", contact: "Telegram @maya" },
    submitted: expect.stringMatching(/2026/),
  });

  const sharePath = campaignSharePath(user.inviteCode);
  const file = sharePath.split("/").at(-1)!;
  expect((await shareRoute.loader({ ...args(get(sharePath)), params: { file } })).status).toBe(404);
  expect(await reviewApplication(api.domain, { userId: user.id, approve: true, actor: "test" })).toBe(true);

  const image = await shareRoute.loader({ ...args(get(sharePath)), params: { file } });
  expect(image.status).toBe(200);
  expect(image.headers.get("Content-Type")).toBe("image/png");
  expect(image.headers.get("Cache-Control")).toBe("public, no-cache");
  expect(image.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  const etag = image.headers.get("ETag")!;
  const revalidated = await shareRoute.loader({ ...args(get(sharePath, { headers: { "If-None-Match": etag } })), params: { file } });
  expect(revalidated.status).toBe(304);
  expect(revalidated.headers.get("ETag")).toBe(etag);

  for (const bad of ["../x.png", "a.jpg", "", `${"A".repeat(40)}.png`]) {
    expect((await shareRoute.loader({ ...args(get(`/campaign/share/x`)), params: { file: bad } })).status).toBe(404);
  }

  // The invite link's page: its preview image is the card, as an absolute URL.
  const page = await (await run(() => register.loader(args(get(invitePath(user.inviteCode)))))).json();
  expect(page.shareImage).toBe(sharePath);
  const tags = register.meta({ data: page } as never) as { property?: string; content?: string }[];
  expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}${sharePath}` });
  const plain = await (await run(() => register.loader(args(get("/register"))))).json();
  expect((register.meta({ data: plain } as never) as { property?: string }[]).some((t) => t.property === "og:image")).toBe(false);
});
