/**
 * The installable app's manifest: one per language, the same for every visitor of it, so it
 * sets no cookie and shared caches may keep it; its colours are the design tokens' and its
 * icons are the files it names.
 */
import { existsSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { BACKGROUND_COLOR, manifestHref, THEME_COLOR, THEME_COLOR_DARK } from "#app/features/install/install.ts";
import { loader } from "#app/routes/manifest[.]webmanifest.tsx";
import { langCookie } from "#lib/visitor-language.ts";
import { args, get } from "./harness.ts";

interface Manifest {
  lang: string;
  dir: string;
  description: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const common = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/common.json`, "utf8")) as { install: { description: string } };

describe("the manifest route", () => {
  test("names the page's language in the URL and answers in it, cacheable, without a cookie or a Vary on the visitor", async () => {
    const res = await loader(
      args(get(manifestHref("ar"), { headers: { "Accept-Language": "ja", Cookie: await langCookie.serialize("ko") } })),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/manifest+json");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get("Vary")).toBeNull();
    const manifest = (await res.json()) as Manifest;
    expect([manifest.lang, manifest.dir, manifest.description]).toEqual(["ar", "rtl", common("ar").install.description]);
  });

  test("without a language in the URL, the visitor's cookie or Accept-Language picks it, and the answer varies on them", async () => {
    const byHeader = await loader(args(get("/manifest.webmanifest", { headers: { "Accept-Language": "ur,en;q=0.5" } })));
    expect(byHeader.headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect(byHeader.headers.getSetCookie()).toEqual([]);
    expect(((await byHeader.json()) as Manifest).dir).toBe("rtl");
    const byCookie = await loader(
      args(get("/manifest.webmanifest?lang=xx", { headers: { Cookie: await langCookie.serialize("pt-BR"), "Accept-Language": "ja" } })),
    );
    expect(byCookie.headers.get("Vary")).toBe("Cookie, Accept-Language");
    expect(((await byCookie.json()) as Manifest).lang).toBe("pt-BR");
  });

  test("its colours are the design tokens'", () => {
    const tokens = readFileSync("app/styles/tokens.css", "utf8");
    const [light, dark] = tokens.split("@media (prefers-color-scheme: dark)");
    expect(light).toContain(`--indigo-900: ${THEME_COLOR};`);
    expect(light).toContain(`--indigo-50: ${BACKGROUND_COLOR};`);
    expect(light).toContain("--bg: var(--indigo-50);");
    expect(dark).toContain(`--bg: ${THEME_COLOR_DARK};`);
  });

  test("each PNG icon it names is in public/, at the size it says", async () => {
    const { icons } = (await (await loader(args(get(manifestHref("en"))))).json()) as Manifest;
    expect(icons.map((i) => `${i.purpose} ${i.sizes}`).sort()).toEqual([
      "any 192x192",
      "any 512x512",
      "any any",
      "maskable 192x192",
      "maskable 512x512",
    ]);
    for (const icon of icons) {
      expect(existsSync(`public${icon.src}`), icon.src).toBe(true);
      if (icon.type !== "image/png") continue;
      const { width, height, format } = await sharp(`public${icon.src}`).metadata();
      expect(`${format} ${width}x${height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });
});
