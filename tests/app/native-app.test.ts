/**
 * Only the native app's webview counts as the native app: the URL names it, the app's key
 * header proves it, a signed cookie remembers it, and the web app passes the proof on to the
 * API. A plain browser that types `?os=android&vcode=99` stays a browser.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { routes } from "#contract/routes.ts";
import { APP_KEY_HEADER } from "#contract/wire.ts";
import type { TestApi } from "../setup/test-api.ts";
import { type Jar, args, get, loadContext, run, setCookieNames, signUpThroughApp, startBff } from "./harness.ts";

const KEY = "app-tests-native-app-key-0123";
let api: TestApi;
let root: typeof import("#app/root.tsx");
let client: typeof import("#app/utils/api.server.ts");
let request: typeof import("#app/utils/request.server.ts");

beforeAll(async () => {
  api = await startBff({ NATIVE_APP_KEY: KEY, APP_LATEST_VCODE: "20" });
  process.env.NATIVE_APP_KEY = KEY;
  root = await import("#app/root.tsx");
  client = await import("#app/utils/api.server.ts");
  request = await import("#app/utils/request.server.ts");
});
afterAll(async () => api.close());

async function openPage(jar: Jar, path: string, headers: Record<string, string> = {}) {
  const res = jar.take(await run(async () => root.loader(args(get(path, { jar, headers }), await loadContext()))));
  expect(res.status).toBe(200);
  return res;
}

async function popupFor(jar: Jar, headers: Record<string, string> = {}) {
  const ctx = await request.requestContext(get("/airdrop", { jar, headers }));
  return (await client.callApi(routes.airdrop.tasks, ctx.caller)).gp_pop;
}

describe("the native app is proved by its key header, not by the URL", () => {
  test("a browser naming the app in the URL, or with a wrong key, is remembered as nothing and gets no upgrade popup", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "browser" });
    expect(setCookieNames(await openPage(jar, "/airdrop?os=android&vcode=25"))).not.toContain("vv_app");
    expect(
      setCookieNames(await openPage(jar, "/airdrop?os=android&vcode=25", { [APP_KEY_HEADER]: "a-wrong-key-of-the-same-size" })),
    ).not.toContain("vv_app");
    expect(await popupFor(jar)).toBe(false);
    expect(await popupFor(jar, { [APP_KEY_HEADER]: "a-wrong-key-of-the-same-size" })).toBe(false);
  });

  test("a cookie a browser writes itself is not a proof: it must carry our signature", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "forger" });
    jar.cookies.set("vv_app", Buffer.from(JSON.stringify({ os: "android", vcode: "25" })).toString("base64"));
    expect(await popupFor(jar)).toBe(false);
  });

  test("the app's webview: the key header with the URL sets a signed cookie, and later calls carry the proof to the API", async () => {
    const { jar } = await signUpThroughApp(api, { tag: "webview" });
    const res = await openPage(jar, "/airdrop?os=android&vcode=25", { [APP_KEY_HEADER]: KEY });
    expect(setCookieNames(res)).toContain("vv_app");
    // Later navigations in the webview come without the header: the cookie remembers the app.
    expect(await popupFor(jar)).toBe(true);
  });
});
