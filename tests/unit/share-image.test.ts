import { mkdirSync, writeFileSync } from "node:fs";
import jsQR from "jsqr";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import {
  renderShareImage,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  SHARE_NAME_MAX_CHARS,
  shareImageKey,
  shareImageName,
  type ShareCard,
} from "#api/src/domain/campaign/share-image.ts";

const LINK = "http://localhost:3000/register?invite=AB12CD34";
// The images land here for a person to look at (tests/.tmp is not committed).
const OUT = "tests/.tmp/share";

/** A test avatar as the API stores one: 512x512 WebP, teal above, orange below, a red disc. */
let avatar: Buffer;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  avatar = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#f4a261" } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="256" fill="#2a9d8f"/><circle cx="256" cy="300" r="120" fill="#e76f51"/></svg>`,
        ),
      },
    ])
    .webp()
    .toBuffer();
});

async function render(card: Partial<ShareCard> & Pick<ShareCard, "name" | "lang">, file?: string): Promise<Buffer> {
  const png = await renderShareImage({ avatar: null, link: LINK, ...card });
  if (file) writeFileSync(`${OUT}/${file}.png`, png);
  return png;
}

type Region = { left: number; top: number; width: number; height: number };
const WHOLE: Region = { left: 0, top: 0, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
const LEFT_HALF: Region = { left: 0, top: 0, width: SHARE_IMAGE_WIDTH / 2, height: SHARE_IMAGE_HEIGHT };
const RIGHT_HALF: Region = { left: SHARE_IMAGE_WIDTH / 2, top: 0, width: SHARE_IMAGE_WIDTH / 2, height: SHARE_IMAGE_HEIGHT };

async function rgba(png: Buffer, region: Region = WHOLE): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).extract(region).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** What a phone reads from the image's QR code (or from a part of the image): null when none. */
async function decodeQr(png: Buffer, region: Region = WHOLE): Promise<string | null> {
  const { data, width, height } = await rgba(png, region);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data ?? null;
}

/** How many different colours a region has (to 4 bits a channel). */
async function colours(png: Buffer, region: Region): Promise<number> {
  const { data } = await rgba(png, region);
  const seen = new Set<number>();
  for (let i = 0; i < data.length; i += 4) seen.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
  return seen.size;
}

/** Whether a region has white text in it: pixels that are near white (the background is violet). */
async function whitePixels(png: Buffer, region: Region): Promise<number> {
  const { data } = await rgba(png, region);
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i]! > 225 && data[i + 1]! > 225 && data[i + 2]! > 225) n++;
  return n;
}

/** The mean colour of a region (sharp's stats() describes the whole input, not the extract). */
async function mean(png: Buffer, region: Region): Promise<[number, number, number]> {
  const { data } = await rgba(png, region);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = data.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

// The layout's places (LTR; RTL mirrors them): the avatar's centre, the title's line, the
// strip between the text column and the QR panel, which no text may reach.
const AVATAR_CENTRE = (rtl: boolean): Region => ({
  left: rtl ? SHARE_IMAGE_WIDTH - 64 - 88 - 20 : 64 + 88 - 20,
  top: 406 - 20,
  width: 40,
  height: 40,
});
const AVATAR_TOP = (rtl: boolean): Region => ({
  left: rtl ? SHARE_IMAGE_WIDTH - 64 - 88 - 20 : 64 + 88 - 20,
  top: 330,
  width: 40,
  height: 20,
});
const TITLE: Region = { left: 64, top: 160, width: 680, height: 60 };
const GUTTER = (rtl: boolean): Region => ({ left: rtl ? 408 + 4 : 744 + 4, top: 160, width: 40, height: 380 });

describe("the share image", () => {
  test("is a 1200x630 PNG, not blank, whose QR code reads as the invite link (English, with the avatar)", async () => {
    const png = await render({ name: "Alice", lang: "en", avatar }, "en-avatar");
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe("png");
    expect([meta.width, meta.height]).toEqual([SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT]);

    const { channels } = await sharp(png).stats();
    for (const c of channels.slice(0, 3)) expect(c.stdev).toBeGreaterThan(20);
    expect(await colours(png, WHOLE)).toBeGreaterThan(100);
    expect(await whitePixels(png, TITLE)).toBeGreaterThan(1000); // the title is drawn

    expect(await decodeQr(png)).toBe(LINK);
    // The panel is on the right in a left-to-right language.
    expect(await decodeQr(png, RIGHT_HALF)).toBe(LINK);
    expect(await decodeQr(png, LEFT_HALF)).toBeNull();
  });

  test("shows the avatar cut to a circle, or the initial on the brand gradient without one", async () => {
    const withAvatar = await render({ name: "Alice", lang: "en", avatar });
    const without = await render({ name: "Alice", lang: "en", avatar: null }, "en");
    // The test avatar: teal in its upper half, a red disc in the middle.
    const [r, g, b] = await mean(withAvatar, AVATAR_TOP(false));
    expect(g).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(r + 60);
    const [r2, g2] = await mean(withAvatar, AVATAR_CENTRE(false));
    expect(r2).toBeGreaterThan(g2 + 80);
    // Without: the accent gradient (indigo to fuchsia), blue above green, with the white initial.
    const [r3, g3, b3] = await mean(without, AVATAR_TOP(false));
    expect(b3).toBeGreaterThan(g3 + 100);
    expect(r3).toBeGreaterThan(g3);
    expect(await whitePixels(without, { left: 64 + 20, top: 406 - 50, width: 136, height: 100 })).toBeGreaterThan(300);
    expect(await decodeQr(without)).toBe(LINK);
  });

  test("a picture that does not decode falls back to the initial", async () => {
    const png = await render({ name: "Bo", lang: "en", avatar: Buffer.from("not a picture") });
    expect(await decodeQr(png)).toBe(LINK);
    const [r, g, b] = await mean(png, AVATAR_TOP(false));
    expect(b).toBeGreaterThan(g + 100);
    expect(r).toBeGreaterThan(g);
  });

  test("Arabic mirrors the layout: the QR code on the left, the avatar on the right", async () => {
    const png = await render({ name: "سارة الأحمد", lang: "ar", avatar }, "ar-avatar");
    await render({ name: "سارة الأحمد", lang: "ar" }, "ar");
    expect(await decodeQr(png, LEFT_HALF)).toBe(LINK);
    expect(await decodeQr(png, RIGHT_HALF)).toBeNull();
    const [r, g, b] = await mean(png, AVATAR_TOP(true));
    expect(g).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(r + 60);
    // The title starts at the right: the column's right part has text, its far left does not
    // reach the panel's gutter.
    expect(await whitePixels(png, { left: SHARE_IMAGE_WIDTH - 64 - 300, top: 160, width: 300, height: 60 })).toBeGreaterThan(500);
    expect(await whitePixels(png, GUTTER(true))).toBe(0);
  });

  test.each([
    ["ta", "கார்த்திகேயன்"],
    ["zh-CN", "小明同学"],
    ["ja", "さくら🌸"],
    ["ur", "Ali Raza!"],
    ["hi", "प्रियंका शर्मा"],
  ] as const)("renders %s with the name %s, and the QR code reads", async (lang, name) => {
    const png = await render({ name, lang, avatar }, `${lang}-avatar`);
    if (lang === "ta" || lang === "zh-CN") await render({ name, lang }, lang);
    expect(await decodeQr(png)).toBe(LINK);
    expect(await colours(png, WHOLE)).toBeGreaterThan(100);
    expect(await whitePixels(png, GUTTER(lang === "ur"))).toBe(0);
  });

  test("every language's texts fit beside the QR panel", async () => {
    for (const lang of [
      "en",
      "ja",
      "ko",
      "zh-TW",
      "zh-CN",
      "ar",
      "tr",
      "id",
      "ms",
      "vi",
      "hi",
      "ta",
      "te",
      "ur",
      "bn-BD",
      "pt-BR",
    ] as const) {
      const png = await render({ name: "Nur", lang });
      expect(await whitePixels(png, GUTTER(lang === "ar" || lang === "ur")), lang).toBe(0);
      expect(await decodeQr(png), lang).toBe(LINK);
    }
  });

  test("user text is escaped: markup in the name is drawn as text", async () => {
    const png = await render({ name: `<script>&"x'</script>`, lang: "en" }, "escaped");
    expect(await decodeQr(png)).toBe(LINK);
    expect(await whitePixels(png, { left: 272, top: 320, width: 300, height: 60 })).toBeGreaterThan(300);
    // Control and bidi-override characters are dropped, not drawn (and do not break the SVG).
    const odd = await render({ name: "a\u0000b\u202Ec\n]]>&amp;", lang: "en" });
    expect(await decodeQr(odd)).toBe(LINK);
  });

  test("a long name is cut with an ellipsis and never runs into the QR panel", async () => {
    expect(shareImageName("Alice")).toBe("Alice");
    const cut = shareImageName("x".repeat(60));
    expect(Array.from(new Intl.Segmenter().segment(cut))).toHaveLength(SHARE_NAME_MAX_CHARS);
    expect(cut.endsWith("…")).toBe(true);
    // Characters, not code units: a family emoji is one, a Tamil syllable is one.
    expect(shareImageName("👨‍👩‍👧".repeat(20))).toBe("👨‍👩‍👧".repeat(20));
    expect(shareImageName("கொ".repeat(21))).toBe(`${"கொ".repeat(19)}…`);

    for (const [lang, name, file] of [
      ["en", "W".repeat(60), "long-latin"],
      ["zh-CN", "一二三四五六七八九十一二三四五六七八九十", "long-cjk"],
      ["ta", "முத்துலட்சுமிகொண்டாட்டம்ஸ்ரீநிவாசன்", "long-tamil"],
      ["ar", "عبدالرحمن بن عبدالعزيز الأحمد", "long-arabic"],
      ["en", "😀🎉👍🏽👨‍👩‍👧😀🎉👍🏽👨‍👩‍👧😀🎉👍🏽👨‍👩‍👧", "long-emoji"],
    ] as const) {
      const png = await render({ name, lang, avatar }, file);
      expect(await whitePixels(png, GUTTER(lang === "ar")), name).toBe(0);
      expect(await decodeQr(png), name).toBe(LINK);
    }
  });

  test("a longer link makes a denser code that still reads", async () => {
    const link = "https://vv.example.com/register?invite=ZZ99YY88XX77WW66";
    const png = await render({ name: "Nguyễn Thị Hương", lang: "vi", link });
    expect(await decodeQr(png)).toBe(link);
  });

  test("renders well under 200 ms of CPU", async () => {
    await render({ name: "warm", lang: "en", avatar });
    const times: number[] = [];
    for (let i = 0; i < 8; i++) {
      // CPU time, not the clock's: on a machine others keep busy, the clock also counts their turns.
      const start = process.cpuUsage();
      await render({ name: `Alice ${i}`, lang: i % 2 ? "en" : "ar", avatar: i % 3 ? avatar : null });
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    // The median; it is about 40 ms on a quiet machine.
    expect(times[times.length >> 1]).toBeLessThan(200);
  });
});

describe("shareImageKey", () => {
  const card: ShareCard = { name: "Alice", avatar: Buffer.from("a"), link: LINK, lang: "en" };
  test("is short and stable, and changes with anything the image shows", () => {
    const key = shareImageKey(card);
    expect(key).toMatch(/^[\w-]{16,32}$/);
    expect(shareImageKey({ ...card, avatar: Buffer.from("a") })).toBe(key);
    const others = [
      { ...card, name: "Alicia" },
      { ...card, avatar: Buffer.from("b") },
      { ...card, avatar: null },
      { ...card, link: `${LINK}X` },
      { ...card, lang: "ar" as const },
    ].map(shareImageKey);
    expect(new Set([key, ...others]).size).toBe(6);
  });
});
