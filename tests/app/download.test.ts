import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server.js";
import { beforeAll, describe, expect, test } from "vitest";
import { ConfigError } from "#lib/config/shared.ts";
import { ORIGIN, SESSION_SECRET, args, get, loadContext, run } from "./harness.ts";

// Real agents, as the apps and browsers sent them.
const IN_APP: [app: string, userAgent: string][] = [
  [
    "Facebook",
    "Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/442.0.0.30.110;]",
  ],
  [
    "Facebook",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/442.0.0.48.111;FBBV/541164424;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/543254004]",
  ],
  [
    "Messenger",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/MessengerForiOS;FBAV/428.0.0.39.112;FBBV/519426520;FBDV/iPhone13,2;FBMD/iPhone;FBSN/iOS;FBSV/16.6;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]",
  ],
  [
    "Messenger",
    "Mozilla/5.0 (Linux; Android 12; Pixel 6 Build/SQ3A.220705.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/104.0.5112.97 Mobile Safari/537.36 [FB_IAB/Orca-Android;FBAV/376.0.0.13.108;]",
  ],
  [
    "Instagram",
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 Instagram 298.0.0.31.110 Android (33/13; 420dpi; 1080x2400; Google/google; Pixel 7; panther; panther; en_US; 509113451)",
  ],
  [
    "Instagram",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 303.0.0.11.109 (iPhone15,2; iOS 17_0; en_US; en; scale=3.00; 1179x2556; 522985578)",
  ],
  [
    "WeChat",
    "Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5127 MMWEBSDK/20230604 MMWEBID/2590 MicroMessenger/8.0.38.2400(0x28002639) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64",
  ],
  [
    "WeChat",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282a) NetType/WIFI Language/zh_CN",
  ],
  [
    "LINE",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/13.20.0",
  ],
  [
    "LINE",
    "Mozilla/5.0 (Linux; Android 13; SO-51C Build/61.2.C.0.115; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/119.0.6045.163 Mobile Safari/537.36 Line/13.21.0/IAB",
  ],
  [
    "TikTok",
    "Mozilla/5.0 (Linux; Android 12; SM-A525F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 trill_2022903030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/trill app_version/29.3.3 ByteLocale/en ByteFullLocale/en Region/IN BytedanceWebview/d8a21c6",
  ],
  [
    "TikTok",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_29.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6",
  ],
  [
    "Douyin",
    "Mozilla/5.0 (Linux; Android 11; V2055A Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/87.0.4280.141 Mobile Safari/537.36 aweme_230400 JsSdk/1.0 NetType/WIFI Channel/vivo_1128_64 AppName/aweme app_version/23.4.0 ByteLocale/zh-CN Region/CN AppSkin/white AppTheme/light BytedanceWebview/d8a21c6 WebView/075113004008",
  ],
  [
    "X",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/9.61",
  ],
  [
    "X",
    "Mozilla/5.0 (Linux; Android 13; SM-S908B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.131 Mobile Safari/537.36 TwitterAndroid",
  ],
  [
    "Snapchat",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Snapchat/12.40.0.40 (like Safari/8615.2.9.10.4, panda)",
  ],
  [
    "LinkedIn",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.27.6451",
  ],
  [
    "Pinterest",
    "Mozilla/5.0 (Linux; Android 12; SM-A325F Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.117 Mobile Safari/537.36 [Pinterest/Android]",
  ],
  [
    "KakaoTalk",
    "Mozilla/5.0 (Linux; Android 13; SM-S911N Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36;KAKAOTALK 2410200",
  ],
  [
    "Weibo",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,2__weibo__13.1.2__iphone__os16.1)",
  ],
  [
    "QQ",
    "Mozilla/5.0 (Linux; Android 12; PEDM00 Build/SKQ1.211113.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/6.2 TBS/046247 Mobile Safari/537.36 V1_AND_SQ_8.9.58_4108_YYB_D QQ/8.9.58.11050 NetType/WIFI WebP/0.3.0 AppId/537155547 Pixel/1080",
  ],
  [
    "Telegram",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UD1A.230803.041; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.43 Mobile Safari/537.36 Telegram-Android/10.5.0 (Google Pixel 8; Android 14; SDK 34; HIGH)",
  ],
  [
    "Zalo",
    "Mozilla/5.0 (Linux; Android 11; SM-A515F Build/RP1A.200720.012; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/108.0.5359.128 Mobile Safari/537.36 Zalo android/12100695 ZaloTheme/light ZaloLanguage/vi",
  ],
];

const BROWSERS: [name: string, userAgent: string][] = [
  ["Chrome Android", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36"],
  [
    "Samsung Internet",
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
  ],
  ["Firefox Android", "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0"],
  [
    "Safari iOS",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
  ],
  [
    "Chrome iOS",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
  ],
  ["Chrome desktop", "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"],
  [
    "Edge Android",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.2210.84",
  ],
  [
    "Opera Android",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 OPR/79.4.4195.76530",
  ],
  [
    "QQ Browser (a real browser)",
    "Mozilla/5.0 (Linux; U; Android 12; zh-cn; PEDM00 Build/SKQ1.211113.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/98.0.4758.102 MQQBrowser/13.8 Mobile Safari/537.36 COVC/046401",
  ],
  [
    "a plain Android WebView (our own app's)",
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36",
  ],
  ["Firefox desktop", "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0"],
];

const LINKS = {
  APP_APK_URL: "https://downloads.example.com/vv-1.4.0.apk",
  APP_PLAY_URL: "https://play.google.com/store/apps/details?id=com.example.vv",
  APP_STORE_URL: "https://apps.apple.com/app/vv/id1234567890",
  APP_VERSION: "1.4.0",
};

let detect: typeof import("#app/features/download/in-app-browser.server.ts");
let offers: typeof import("#app/features/download/offers.server.ts");
let env: typeof import("#lib/config/web.ts");
let download: typeof import("#app/features/download/download.server.ts");
let route: typeof import("#app/routes/download.tsx");
let root: typeof import("#app/root.tsx");
let translations: typeof import("#app/utils/translations.server.ts");
let translation: typeof import("#app/utils/translation.tsx");

beforeAll(async () => {
  Object.assign(process.env, { SESSION_SECRET, PUBLIC_URL: ORIGIN, ...LINKS });
  detect = await import("#app/features/download/in-app-browser.server.ts");
  offers = await import("#app/features/download/offers.server.ts");
  env = await import("#lib/config/web.ts");
  download = await import("#app/features/download/download.server.ts");
  route = await import("#app/routes/download.tsx");
  root = await import("#app/root.tsx");
  translations = await import("#app/utils/translations.server.ts");
  translation = await import("#app/utils/translation.tsx");
});

/** The web app's settings with only these download settings. */
const settings = (extra: Record<string, string> = {}) => env.loadWebEnv({ NODE_ENV: "test", SESSION_SECRET, PUBLIC_URL: ORIGIN, ...extra });

async function pageData(path: string, init: { userAgent?: string; settings?: Record<string, string> } = {}) {
  const request = get(path, { headers: init.userAgent ? { "User-Agent": init.userAgent } : {} });
  const res = await run(() => download.downloadLoader(args(request), settings(init.settings ?? LINKS)));
  expect(res.status).toBe(200);
  return { res, data: await res.json() };
}

/** The page as the server renders it for this request and these settings, in English. */
async function html(path: string, init: { userAgent?: string; settings?: Record<string, string> } = {}): Promise<string> {
  const { data } = await pageData(path, init);
  const handler = createStaticHandler([{ id: "download", path: "/download", loader: () => data, Component: route.default }]);
  const context = await handler.query(get(path));
  if (context instanceof Response) throw context;
  const router = createStaticRouter(handler.dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToStaticMarkup(createElement(translation.TranslatorProvider, { value: translations.translatorFor("en") }, page));
}

describe("in-app browsers, from the User-Agent", () => {
  test.each(IN_APP)("%s's browser is an in-app one", (app, userAgent) => {
    expect(detect.inAppBrowser(userAgent)).toBe(app);
  });

  test.each(BROWSERS)("%s is an ordinary browser", (_name, userAgent) => {
    expect(detect.inAppBrowser(userAgent)).toBeNull();
  });

  test("no User-Agent at all is an ordinary browser", () => {
    expect(detect.inAppBrowser(null)).toBeNull();
    expect(detect.inAppBrowser("")).toBeNull();
  });

  test("the hint and this page's address, in the page's language, only inside an in-app browser", async () => {
    const inside = (await pageData("/download?ui_lang=ar", { userAgent: IN_APP[6][1] })).data;
    expect(inside.inApp).toBe("WeChat");
    expect(inside.pageUrl).toBe(`${ORIGIN}/download?ui_lang=ar`);
    const outside = (await pageData("/download", { userAgent: BROWSERS[0][1] })).data;
    expect(outside.inApp).toBeNull();
  });

  test("the page says it differs by User-Agent", async () => {
    const { res } = await pageData("/download");
    expect(res.headers.get("Vary")).toBe("User-Agent");
    expect(route.headers({ loaderHeaders: res.headers } as never)).toBe(res.headers);
  });
});

const IPHONE = BROWSERS[3][1];
const ANDROID = BROWSERS[0][1];
const ALL_OFFERS = [
  { kind: "apk", href: LINKS.APP_APK_URL },
  { kind: "play", href: LINKS.APP_PLAY_URL },
  { kind: "appStore", href: LINKS.APP_STORE_URL },
];

describe("the platform, from the User-Agent", () => {
  test.each([
    ...BROWSERS.map(([name, agent]) => [name, agent] as const),
    ...IN_APP.map(([app, agent]) => [`${app}'s browser`, agent] as const),
  ])("%s", (_name, agent) => {
    const expected = /iPhone/.test(agent) ? "ios" : /Android/.test(agent) ? "android" : "desktop";
    expect(offers.platformOf(agent)).toBe(expected);
  });

  test("no User-Agent is a computer", () => {
    expect(offers.platformOf(null)).toBe("desktop");
  });
});

describe("links from the configuration", () => {
  test("on a computer every configured link, the APK first, and the version reach the page", async () => {
    const { data } = await pageData("/download");
    expect(data.platform).toBe("desktop");
    expect(data.offers).toEqual(ALL_OFFERS);
    expect(data.anyApp).toBe(true);
    expect(data.version).toBe("1.4.0");
  });

  test("an Android phone gets the APK, then Google Play; an iPhone only the App Store", async () => {
    expect((await pageData("/download", { userAgent: ANDROID })).data.offers).toEqual(ALL_OFFERS.slice(0, 2));
    expect((await pageData("/download", { userAgent: IPHONE })).data.offers).toEqual(ALL_OFFERS.slice(2));
    const apkOnly = (await pageData("/download", { userAgent: IPHONE, settings: { APP_APK_URL: LINKS.APP_APK_URL } })).data;
    expect(apkOnly.offers).toEqual([]);
    expect(apkOnly.anyApp).toBe(true);
  });

  test("a link not configured is left out, and none at all leaves none", async () => {
    expect((await pageData("/download", { settings: { APP_PLAY_URL: LINKS.APP_PLAY_URL } })).data.offers).toEqual([
      { kind: "play", href: LINKS.APP_PLAY_URL },
    ]);
    const none = (await pageData("/download", { settings: {} })).data;
    expect(none.offers).toEqual([]);
    expect(none.anyApp).toBe(false);
    expect(none.version).toBeUndefined();
  });

  test("the route reads them from the environment", async () => {
    const data = await (await run(() => route.loader(args(get("/download"))))).json();
    expect(data.offers[0]).toEqual({ kind: "apk", href: LINKS.APP_APK_URL });
    expect(data.publicUrl).toBe(ORIGIN);
  });

  test.each([
    ["APP_APK_URL", "javascript:alert(1)"],
    ["APP_PLAY_URL", "market://details?id=com.example.vv"],
    ["APP_STORE_URL", "apps.apple.com/app/id1"],
    ["APP_APK_URL", ""],
    ["APP_VERSION", "latest"],
    ["APP_VERSION", "1.4.0; rm -rf"],
  ])("a bad %s (%j) stops the start with a message naming it", (name, value) => {
    expect(() => settings({ [name]: value })).toThrow(ConfigError);
    expect(() => settings({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}:`));
  });

  test("versions as releases name them are accepted", () => {
    for (const version of ["1", "1.4", "1.4.0", "2.0.1.35", "1.5.0-beta.2"])
      expect(settings({ APP_VERSION: version }).APP_VERSION).toBe(version);
  });
});

describe("the failed state", () => {
  test("?failed=1 is the failed state; without it, or with another value, it is not", async () => {
    expect((await pageData("/download?failed=1")).data.failed).toBe(true);
    expect((await pageData("/download?failed=1&ui_lang=ja")).data.failed).toBe(true);
    expect((await pageData("/download")).data.failed).toBe(false);
    expect((await pageData("/download?failed=0")).data.failed).toBe(false);
  });

  test("only where an APK is offered: not without one, nor on an iPhone, which is never offered one", async () => {
    expect((await pageData("/download?failed=1", { settings: {} })).data.failed).toBe(false);
    expect((await pageData("/download?failed=1", { settings: { APP_PLAY_URL: LINKS.APP_PLAY_URL } })).data.failed).toBe(false);
    expect((await pageData("/download?failed=1", { userAgent: IPHONE })).data.failed).toBe(false);
    expect((await pageData("/download?failed=1", { userAgent: ANDROID })).data.failed).toBe(true);
  });

  test("an alert with the message, a retry link to the APK and the stores as the way around it, and nothing else to choose", async () => {
    const page = await html("/download?failed=1");
    const alert = /<div class="card card--danger" role="alert">(.*?)<\/div>/.exec(page)?.[1] ?? "";
    expect(alert).toContain("APK download failed, try again");
    expect(alert).toContain(`href="${LINKS.APP_APK_URL}"`);
    expect(alert).toContain("Download the APK again");
    expect(alert).toContain("Or install VV from the store:");
    expect(alert).toContain(`href="${LINKS.APP_PLAY_URL}"`);
    expect(alert).toContain(`href="${LINKS.APP_STORE_URL}"`);
    expect(page).not.toContain("Choose your download");
    expect(page).not.toContain("<script");
    expect(await html("/download")).not.toContain('role="alert"');
  });

  test("with the APK alone, the retry and no word of stores", async () => {
    const alert = await html("/download?failed=1", { userAgent: ANDROID, settings: { APP_APK_URL: LINKS.APP_APK_URL } });
    expect(alert).toContain("Download the APK again");
    expect(alert).not.toContain("from the store");
  });

  test("inside a social app's browser, no retry that would fail the same way: why, and the way out below", async () => {
    const page = await html("/download?failed=1", { userAgent: IN_APP[0][1] });
    const alert = /<div class="card card--danger" role="alert">(.*?)<\/div>/.exec(page)?.[1] ?? "";
    expect(alert).toContain("Downloads do not work in the browser inside \u2068Facebook\u2069.");
    expect(alert).not.toContain("href=");
    expect(page.indexOf('role="alert"')).toBeLessThan(page.indexOf('id="page-link"'));
  });

  test("with no APK to offer there is no alert: nothing could have failed to download", async () => {
    const states: { userAgent?: string; settings?: Record<string, string> }[] = [
      { settings: {} },
      { settings: { APP_STORE_URL: LINKS.APP_STORE_URL } },
      { userAgent: IPHONE },
    ];
    for (const init of states) {
      const page = await html("/download?failed=1", init);
      expect(page).not.toContain('role="alert"');
      expect(page).not.toContain("APK download failed");
    }
  });
});

describe("what the page shows", () => {
  test("a button per configured link, and nothing for one not configured", async () => {
    const all = await html("/download");
    for (const [url, label] of [
      [LINKS.APP_APK_URL, "Download the APK for Android"],
      [LINKS.APP_PLAY_URL, "Get it on Google Play"],
      [LINKS.APP_STORE_URL, "Download on the App Store"],
    ]) {
      expect(all).toMatch(new RegExp(`<a class="button[^"]*" href="${url.replace(/[.?]/g, "\\$&")}">(?:<svg.*?</svg>)?${label}</a>`));
    }
    const playOnly = await html("/download", { settings: { APP_PLAY_URL: LINKS.APP_PLAY_URL } });
    expect(playOnly).toContain("Get it on Google Play");
    expect(playOnly).not.toContain("APK for Android");
    expect(playOnly).not.toContain("App Store");
    expect(playOnly).not.toContain("Latest version");
  });

  test("with no link configured: VV on the home screen, the browser's install button and both phones' steps", async () => {
    const page = await html("/download", { settings: {} });
    expect(page).toContain('<h2 id="home-title">Add VV to your home screen</h2>');
    expect(page).toContain("The VV app is not out yet");
    expect(page).toContain(
      '<div data-install="true" hidden=""><button type="button" class="button button--block">Add to home screen</button></div>',
    );
    expect(page).toContain("On Android");
    expect(page).toContain("On iPhone or iPad");
    expect(page).not.toContain("Coming soon");
    const script = /<script>(.*?)<\/script>/s.exec(page)?.[1] ?? "";
    expect(script).toContain("beforeinstallprompt");
    expect(script.length).toBeLessThan(1024);
  });

  test("each phone its own steps; the iPhone, whose Safari has no install dialog, no button and no script", async () => {
    const android = await html("/download", { userAgent: ANDROID, settings: {} });
    expect(android).toContain("On Android");
    expect(android).not.toContain("On iPhone");
    expect(android).toContain("<script>");
    const iphone = await html("/download", { userAgent: IPHONE, settings: { APP_APK_URL: LINKS.APP_APK_URL } });
    expect(iphone).toContain("The VV app is not on iPhone yet");
    expect(iphone).toContain("On iPhone or iPad");
    expect(iphone).not.toContain("On Android");
    expect(iphone).not.toContain(LINKS.APP_APK_URL);
    expect(iphone).not.toContain("data-install=");
    expect(iphone).not.toContain("<script");
  });

  test("inside a social app's browser with nothing to download: out of it to add VV to the home screen, not to download", async () => {
    const page = await html("/download", { userAgent: IN_APP[0][1], settings: {} });
    expect(page).toContain("The browser inside \u2068Facebook\u2069 cannot add VV to your home screen.");
    expect(page).not.toContain("cannot download apps");
    expect(page).toContain("Add VV to your home screen");
    expect(page).not.toContain("data-install=");
    expect(page).not.toContain("<script");
  });

  test("inside an in-app browser: the hint first, then the page's address in a read-only field, then the buttons", async () => {
    const page = await html("/download", { userAgent: IN_APP[0][1] });
    expect(page).toContain("Open this page in your phone&#x27;s browser");
    expect(page).toContain("The browser inside \u2068Facebook\u2069 cannot download apps.");
    expect(page).toMatch(
      /<label for="page-link">Link to this page<\/label><input id="page-link" type="url" readonly="" dir="ltr" aria-describedby="page-link-hint" value="http:\/\/localhost:3000\/download\?ui_lang=en"\/>/,
    );
    expect(page.indexOf('id="page-link"')).toBeLessThan(page.indexOf(LINKS.APP_APK_URL));
    expect(await html("/download", { userAgent: BROWSERS[3][1] })).not.toContain("page-link");
  });

  test("one h1, then h2 sections", async () => {
    const page = await html("/download?failed=1", { userAgent: IN_APP[0][1] });
    expect([...page.matchAll(/<h([1-6])/g)].map((m) => m[1])).toEqual(["1", "2", "2"]);
  });
});

describe("the page itself", () => {
  test("title and description in the page's language", async () => {
    const en = (await pageData("/download")).data;
    expect(en.title).toBe("Download the VV app");
    expect(en.description.length).toBeGreaterThan(40);
    expect((await pageData("/download?ui_lang=ar")).data.title).toBe("تنزيل تطبيق VV");
    expect((await pageData("/download", { userAgent: BROWSERS[0][1] })).data.title).toBe(en.title);
  });

  test("SEO: canonical and one hreflang alternate per language", async () => {
    const { data } = await pageData("/download");
    const meta = route.meta({ data } as never);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/download` });
    expect(meta.filter((m) => "hrefLang" in m)).toHaveLength(17);
  });

  test("no JavaScript, and only the download namespace besides the root's travels", async () => {
    expect(route.handle).toEqual({ i18n: ["download"], hydrate: false });
    const context = await loadContext();
    const res = await run(() => root.loader(args(get("/download?ui_lang=ta"), context)));
    const data = await res.json();
    expect([...data.namespaces].sort()).toEqual(["common", "download", "errors", "people"]);
  });
});
