import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TestApi } from "../setup/test-api.ts";
import { Jar, args, get, loadContext, run, setCookieNames, startBff } from "./harness.ts";

let api: TestApi;
let root: typeof import("#app/root.tsx");
let login: typeof import("#app/routes/login.tsx");
let register: typeof import("#app/routes/register.tsx");
let locale: typeof import("#lib/visitor-language.ts");

beforeAll(async () => {
  api = await startBff();
  root = await import("#app/root.tsx");
  login = await import("#app/routes/login.tsx");
  register = await import("#app/routes/register.tsx");
  locale = await import("#lib/visitor-language.ts");
});
afterAll(async () => api.close());

async function rootData(request: Request) {
  const context = await loadContext();
  const res = await run(() => root.loader(args(request, context)));
  expect(res.status).toBe(200);
  return {
    res,
    data: (await res.json()) as {
      locale: string;
      dir: string;
      namespaces: string[];
      resources: Record<string, Record<string, unknown>> | null;
      toast: unknown;
    },
  };
}

async function langCookieOf(res: Response) {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("vv_lang="));
  return line ? await locale.langCookie.parse(line.split(";")[0]) : undefined;
}

describe("root loader: language and direction", () => {
  test("English and left-to-right by default, no cookie set", async () => {
    const { res, data } = await rootData(get("/login"));
    expect(data.locale).toBe("en");
    expect(data.dir).toBe("ltr");
    expect(data.toast).toBeNull();
    expect(setCookieNames(res)).toEqual([]);
  });

  test("?ui_lang=ar: Arabic, right-to-left, and the choice sticks in vv_lang", async () => {
    const { res, data } = await rootData(get("/login?ui_lang=ar"));
    expect(data.locale).toBe("ar");
    expect(data.dir).toBe("rtl");
    expect(await langCookieOf(res)).toBe("ar");
  });

  test("?lang=ur: Urdu is right-to-left too", async () => {
    const { res, data } = await rootData(get("/privacy?lang=ur"));
    expect(data.locale).toBe("ur");
    expect(data.dir).toBe("rtl");
    expect(await langCookieOf(res)).toBe("ur");
  });

  test("?ui_lang wins over ?lang, and client spellings are normalized", async () => {
    expect((await rootData(get("/login?lang=ko&ui_lang=ja"))).data.locale).toBe("ja");
    expect((await rootData(get("/login?ui_lang=zh_CN"))).data.locale).toBe("zh-CN");
    expect((await rootData(get("/login?ui_lang=pt-br"))).data.locale).toBe("pt-BR");
  });

  test("an unknown ?ui_lang is ignored", async () => {
    const { res, data } = await rootData(get("/login?ui_lang=xx", { headers: { "Accept-Language": "tr" } }));
    expect(data.locale).toBe("tr");
    expect(setCookieNames(res)).not.toContain("vv_lang");
  });

  test("Accept-Language ko-KR,ko;q=0.9 -> ko", async () => {
    const { data } = await rootData(get("/login", { headers: { "Accept-Language": "ko-KR,ko;q=0.9" } }));
    expect(data.locale).toBe("ko");
    expect(data.dir).toBe("ltr");
  });

  test("Accept-Language: the best weighted language we speak", async () => {
    const header = "fr-FR,fr;q=0.9,ar;q=0.5,vi;q=0.8";
    expect((await rootData(get("/login", { headers: { "Accept-Language": header } }))).data.locale).toBe("vi");
  });

  test("the vv_lang cookie beats Accept-Language, and is not set again", async () => {
    const jar = new Jar();
    jar.take(new Response(null, { headers: { "Set-Cookie": await locale.langCookie.serialize("ja") } }));
    const { res, data } = await rootData(get("/login", { jar, headers: { "Accept-Language": "ko-KR,ko;q=0.9" } }));
    expect(data.locale).toBe("ja");
    expect(setCookieNames(res)).toEqual([]);
    // ... and the URL beats the cookie.
    const again = await rootData(get("/login?ui_lang=ja", { jar }));
    expect(setCookieNames(again.res)).not.toContain("vv_lang");
    expect((await rootData(get("/login?ui_lang=ar", { jar }))).data.locale).toBe("ar");
  });

  // What Remix's own fetch of the next page's data is marked with by server.ts.
  const dataRequest = { headers: { "x-data-request": "1" } };

  test("a page's translations: for its language and its routes only; in the data of a data request, named for a document", async () => {
    const { data } = await rootData(get("/login?ui_lang=ar", dataRequest));
    expect(Object.keys(data.resources!)).toEqual(["ar"]);
    expect(Object.keys(data.resources!.ar).sort()).toEqual(["auth", "common", "errors", "people"]);
    const en = (await rootData(get("/login", dataRequest))).data;
    expect(en.resources!.en.errors).toMatchObject({ "300027": expect.any(String) });
    // /airdrop asks new users for a nickname (profile), /mine shows the history (ledger), /settings offers the data to take away
    // (ledger) and says why an avatar was refused (moderation).
    for (const [path, ns] of [
      ["/airdrop", ["airdrop", "profile"]],
      ["/team", ["team"]],
      ["/force", ["tools"]],
      ["/mine", ["ledger", "profile"]],
      ["/settings", ["ledger", "moderation", "profile"]],
    ] as const) {
      expect(Object.keys((await rootData(get(path, dataRequest))).data.resources!.en).sort(), path).toEqual(
        ["common", "errors", "people", ...ns].sort(),
      );
      // A document carries the same namespaces' translations in a script of their own (entry.server.tsx).
      const document = (await rootData(get(path))).data;
      expect([document.resources, [...document.namespaces].sort()], path).toEqual([null, ["common", "errors", "people", ...ns].sort()]);
    }
  });

  test("a flash toast from another page brings its namespace: registered on /register, shown on /airdrop", async () => {
    const toast = await import("#app/utils/cookies.server.ts");
    const cookie = (await toast.toastCookie().serialize({ kind: "success", key: "auth:registered" })).split(";")[0];
    const { data } = await rootData(get("/airdrop", { headers: { cookie } }));
    expect(data.toast).toEqual({ kind: "success", key: "auth:registered" });
    expect([...data.namespaces].sort()).toEqual(["airdrop", "auth", "common", "errors", "people", "profile"]);
  });

  test("the root data is fetched again on another page or language or after a redirected post, not after a post answered with data or a refresh", () => {
    const at = (path: string) => new URL(path, "http://localhost");
    const again = (from: string, to: string, formMethod?: "POST", actionResult?: unknown) =>
      root.shouldRevalidate({
        currentUrl: at(from),
        nextUrl: at(to),
        currentParams: {},
        nextParams: {},
        formMethod,
        actionResult,
        defaultShouldRevalidate: true,
      });
    expect(again("/airdrop", "/team")).toBe(true);
    expect(again("/login", "/airdrop", "POST")).toBe(true);
    expect(again("/login", "/login?ui_lang=ar")).toBe(true);
    expect(again("/airdrop", "/airdrop", "POST", { toast: { kind: "success" } })).toBe(false);
    // A post redirected back to the same page: the flash toast is in the root's data.
    expect(again("/airdrop", "/airdrop", "POST")).toBe(true);
    expect(again("/airdrop", "/airdrop")).toBe(false);
    expect(again("/airdrop", "/airdrop?upgrade=later")).toBe(false);
  });
});

describe("login and register loaders", () => {
  test("GET /login returns the English title and sets no cookie: an anonymous view writes nothing", async () => {
    const res = await run(() => login.loader(args(get("/login"))));
    expect(res.status).toBe(200);
    expect(setCookieNames(res)).toEqual([]);
    const data = await res.json();
    expect(data.title).toBe("Log in · VV");
    expect(data.description).toMatch(/one-time code/);
    expect(data.publicUrl).toBe("http://localhost:3000");
  });

  test("GET /register has its own title and passes redirectTo and invite on", async () => {
    const res = await run(() => register.loader(args(get("/register?invite=ABCD1234&redirectTo=%2Fteam"))));
    const data = await res.json();
    expect(data.title).toBe("Create your account · VV");
    expect(data.invite).toBe("ABCD1234");
    expect(data.redirectTo).toBe("/team");
  });

  test("?ui_lang=ja: the page is in Japanese", async () => {
    const res = await run(() => login.loader(args(get("/login?ui_lang=ja"))));
    const data = await res.json();
    expect((await rootData(get("/login?ui_lang=ja"))).data.locale).toBe("ja");
    // Translations are being written; once ja/auth.json exists the title must be Japanese.
    if (existsSync("locales/ja/auth.json")) expect(data.title).not.toBe("Log in · VV");
    else expect(data.title).toBe("Log in · VV"); // falls back to English, never to a raw key
  });

  test("every language gets a title that is text, not a raw key", async () => {
    const { LANGUAGE_CODES } = await import("#contract/languages.ts");
    for (const code of LANGUAGE_CODES) {
      const data = await (await run(() => login.loader(args(get(`/login?ui_lang=${code}`))))).json();
      expect(data.title, code).not.toMatch(/^login\.title$|^auth:/);
      expect(data.title.length, code).toBeGreaterThan(0);
    }
  });
});

describe("the phone's time zone", () => {
  test("is read from the vv_tz cookie the browser sets, and only when it names a real zone", async () => {
    const { timeZoneOf } = await import("#app/utils/locale.server.ts");
    const withCookie = (value: string) => get("/airdrop", { headers: { Cookie: `vv_lang=x; vv_tz=${value}` } });
    expect(timeZoneOf(withCookie(encodeURIComponent("Asia/Kolkata")))).toBe("Asia/Kolkata");
    expect(timeZoneOf(withCookie("America%2FSao_Paulo"))).toBe("America/Sao_Paulo");
    expect(timeZoneOf(withCookie("Mars%2FOlympus"))).toBeUndefined();
    expect(timeZoneOf(withCookie("%E0%A4%A"))).toBeUndefined();
    expect(timeZoneOf(get("/airdrop"))).toBeUndefined();
  });
});
