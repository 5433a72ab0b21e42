import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import i18next from "i18next";
import qrcode from "qrcode-generator";
import sharp, { type OverlayOptions } from "sharp";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, languageDir, normalizeLanguage, type LanguageCode } from "#contract/languages.ts";

/**
 * The campaign share image: an approved applicant's card (nickname, photo, the invite link as
 * a QR code) as a 1200x630 PNG, the Open Graph size, in the applicant's language and direction
 * (Arabic and Urdu mirror the layout).
 *
 * One SVG per card, rendered by sharp (librsvg; Pango shapes Arabic and the Indic scripts with
 * the system's Noto fonts), with two pictures composited on it: the photo cut to a circle (or
 * the name's initial), and the nickname, which Pango draws directly so that emoji keep their
 * colours and its width is measured, not guessed: it never overflows its space.
 *
 * Made once: the translations and fonts when the module loads; each language's static texts,
 * fitted to their boxes by measuring them, on its first image.
 */

export interface ShareCard {
  /** The applicant's nickname: any Unicode, up to 20 characters (longer is cut with an ellipsis). */
  name: string;
  /** The approved application's photo (WebP, any shape: cut to a circle), or null: then a circle with the name's initial. */
  avatar: Buffer | null;
  /** The invite link, drawn as the QR code and as small text. */
  link: string;
  /** The applicant's UI language: the texts and the direction. */
  lang: LanguageCode;
}

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** Names longer than this many characters (grapheme clusters) are cut, ending in an ellipsis. */
export const SHARE_NAME_MAX_CHARS = 20;

/** Raise when the drawing changes: it is part of every shareImageKey, so caches let go of old images. */
const DESIGN_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// Translations: one i18next instance made at start (like the mailer's), never per request.

const translations = Object.fromEntries(
  LANGUAGE_CODES.map((lng) => [
    lng,
    {
      share: JSON.parse(readFileSync(new URL(`../../../../locales/${lng}/share.json`, import.meta.url), "utf8")) as Record<string, string>,
    },
  ]),
);

const i18n = i18next.createInstance();
await i18n.init({
  resources: translations,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGE_CODES,
  ns: ["share"],
  defaultNS: "share",
  interpolation: { escapeValue: false },
  initImmediate: false,
});

/** The design and every language's texts: a change to either changes every key. */
const RENDER_VERSION = createHash("sha256")
  .update(`${DESIGN_VERSION}\n${JSON.stringify(translations)}`)
  .digest("hex")
  .slice(0, 8);

// ---------------------------------------------------------------------------------------------
// Geometry, left to right; right-to-left mirrors every x.

const W = SHARE_IMAGE_WIDTH;
const H = SHARE_IMAGE_HEIGHT;
const MARGIN = 64;
const PANEL_W = 344;
const PANEL_X = W - MARGIN - PANEL_W; // the QR panel's left edge
const PANEL_PAD = 16;
const QR_BOX = PANEL_W - 2 * PANEL_PAD; // the QR with its quiet zone, at most this side
const QR_QUIET = 4; // modules of white around the code, as the QR standard asks
const COL_X0 = MARGIN; // the text column
const COL_X1 = PANEL_X - 48;
const COL_W = COL_X1 - COL_X0;
const TITLE_Y = 206; // the first title line's baseline
const AVATAR = 176;
const AVATAR_RING = 6;
const AVATAR_Y = 318;
const AVATAR_CY = AVATAR_Y + AVATAR / 2;
const NAME_X0 = COL_X0 + AVATAR + 32;
const NAME_W = COL_X1 - NAME_X0;
const NAME_CY = AVATAR_CY - 36; // the nickname's ink is centred on this line
const NAME_MAX = 60;
const NAME_MIN = 34;
const BADGE_Y = AVATAR_CY + 16;

const COLORS = {
  ink: "#17142e",
  brand: "#241c5c",
  brandMid: "#4b2bbf",
  violet: "#7c3aed",
  indigo600: "#4f35e6",
  fuchsia: "#a21caf",
  onBrand: "#ffffff",
  onBrandMuted: "#ece8ff",
  soft: "#d4ccff",
};

function mirrorX(rtl: boolean, x: number): number {
  return rtl ? W - x : x;
}

// ---------------------------------------------------------------------------------------------
// Fonts: the Noto families of every script we speak, Han shapes ordered by language (as the web
// app's --font-cjk is), colour emoji, then the generic family. One list per language, for SVG
// (CSS syntax) and for Pango (its font description syntax).

const SCRIPT_FONTS = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Tamil", "Noto Sans Telugu"];
const CJK_ORDER: Partial<Record<LanguageCode, string[]>> = {
  ja: ["JP", "SC", "TC", "KR"],
  ko: ["KR", "SC", "TC", "JP"],
  "zh-TW": ["TC", "HK", "SC", "JP", "KR"],
};
const FAMILIES = new Map<LanguageCode, string[]>(
  LANGUAGE_CODES.map((lng) => [
    lng,
    [...SCRIPT_FONTS, ...(CJK_ORDER[lng] ?? ["SC", "TC", "JP", "KR"]).map((v) => `Noto Sans CJK ${v}`), "Noto Color Emoji"],
  ]),
);
const SVG_FONTS = new Map<LanguageCode, string>(
  LANGUAGE_CODES.map((lng) => [lng, [...FAMILIES.get(lng)!.map((f) => `'${f}'`), "sans-serif"].join(", ")]),
);
const PANGO_FONTS = new Map<LanguageCode, string>(LANGUAGE_CODES.map((lng) => [lng, [...FAMILIES.get(lng)!, "sans-serif"].join(",")]));

type Weight = "Semi-Bold" | "Bold";

/** The text drawn by Pango on transparency (markup escaped), cropped to its ink: colour emoji included. */
async function pangoText(
  text: string,
  lng: LanguageCode,
  weight: Weight,
  size: number,
  color: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}">${xml(text)}</span>`,
      font: `${PANGO_FONTS.get(lng)} ${weight} ${size}`,
      dpi: 72,
      rgba: true,
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const MEASURE_SIZE = 100;

/**
 * How wide librsvg draws the text, per px of font size: Pango's ink width at 100 px, with room
 * for the side bearings the ink leaves out.
 */
async function measureEm(text: string, lng: LanguageCode, weight: Weight): Promise<number> {
  const { width } = await sharp({
    text: { text: xml(text), font: `${PANGO_FONTS.get(lng)} ${weight} ${MEASURE_SIZE}`, dpi: 72 },
  }).metadata();
  return ((width ?? 0) * 1.02 + 12) / MEASURE_SIZE;
}

// ---------------------------------------------------------------------------------------------
// Text: cleaning, escaping, characters.

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
}

/** Control characters, bidi overrides and isolates, BOMs, noncharacters and lone surrogates: never drawn. */
const UNDRAWABLE =
  /[\p{Cc}\u202A-\u202E\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

function clean(text: string): string {
  return text.replace(UNDRAWABLE, " ").replace(/\s+/gu, " ").trim();
}

/** For text in XML (SVG, Pango markup): a text node or an attribute value. */
function xml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** At most SHARE_NAME_MAX_CHARS characters: longer is cut to one less and an ellipsis. */
export function shareImageName(name: string): string {
  const cleaned = clean(name);
  const gs = graphemes(cleaned);
  return gs.length > SHARE_NAME_MAX_CHARS
    ? `${gs
        .slice(0, SHARE_NAME_MAX_CHARS - 1)
        .join("")
        .trimEnd()}…`
    : cleaned;
}

const WIDE = /[\u1100-\u11FF\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u;

/**
 * A rough advance in em, used only to choose where to break a line (the chosen lines are then
 * measured) and for the link, which is ASCII, where it is exact enough and generous.
 */
function graphemeEm(g: string): number {
  const c = g.codePointAt(0) ?? 0;
  if (c === 0x20) return 0.3;
  if (c < 0x80) {
    if (/[ijlIft.,:;'!|`]/.test(g)) return 0.36;
    if (/[mwMW@%]/.test(g)) return 0.94;
    if (/[A-Z&#]/.test(g)) return 0.7;
    return 0.6;
  }
  if (WIDE.test(g) || /\p{Extended_Pictographic}/u.test(g)) return 1.05;
  if (c >= 0x0900 && c < 0x0e00) return 0.9 + 0.2 * ([...g].length - 1); // Indic: conjuncts are wider
  return 0.66;
}

function textEm(gs: readonly string[]): number {
  return gs.reduce((sum, g) => sum + graphemeEm(g), 0);
}

/** Not at the start of a line (Japanese and Chinese punctuation, small kana, the long vowel mark). */
const NO_LINE_START = /^[、。，．！？：；）」』】〕ー・ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ]/u;
const LATIN_OR_DIGIT = /^[A-Za-z0-9'’-]$/;

/** Where a line may break: after a space, or in a script without spaces between characters. */
function breaks(gs: readonly string[]): { at: number; skip: number }[] {
  const spaces = gs.flatMap((g, i) => (g === " " ? [{ at: i, skip: 1 }] : []));
  if (spaces.length) return spaces;
  return gs
    .map((_, i) => ({ at: i, skip: 0 }))
    .filter(({ at }) => at > 0 && !NO_LINE_START.test(gs[at]!) && !(LATIN_OR_DIGIT.test(gs[at - 1]!) && LATIN_OR_DIGIT.test(gs[at]!)));
}

/** The text in `count` lines, broken where the longest line is shortest (by the rough advances). */
function balanced(text: string, count: number): string[] | null {
  const gs = graphemes(text);
  const points = breaks(gs);
  if (count === 1) return [text];
  let best: { lines: string[]; em: number } | null = null;
  const choose = (from: number, left: number, lines: string[]): void => {
    if (left === 1) {
      const all = [...lines, gs.slice(from).join("")];
      const em = Math.max(...all.map((l) => textEm(graphemes(l))));
      if (!best || em < best.em) best = { lines: all, em };
      return;
    }
    for (const p of points) if (p.at > from) choose(p.at + p.skip, left - 1, [...lines, gs.slice(from, p.at).join("")]);
  };
  choose(0, count, []);
  return (best as { lines: string[] } | null)?.lines ?? null;
}

/**
 * One of this language's fixed texts in at most `maxLines` lines of `width` px, at the largest
 * size up to `max`: fewer lines while the size stays above 85% of max. Measured, so it fits.
 */
async function fitText(
  text: string,
  lng: LanguageCode,
  weight: Weight,
  width: number,
  maxLines: number,
  max: number,
): Promise<{ lines: string[]; size: number }> {
  let best: { lines: string[]; size: number } | null = null;
  for (let count = 1; count <= maxLines; count++) {
    const lines = balanced(text, count);
    if (!lines) break;
    const em = Math.max(...(await Promise.all(lines.map((l) => measureEm(l, lng, weight)))));
    const size = Math.min(max, Math.floor(width / em));
    if (!best || size > best.size) best = { lines, size };
    if (size >= Math.round(max * 0.85)) break;
  }
  return best!;
}

/**
 * A <text> whose left or right edge (or middle) is at x, whatever its direction: SVG's
 * text-anchor "start" is the right edge when direction="rtl" (librsvg follows the spec).
 */
function svgText(x: number, y: number, edge: "left" | "right" | "middle", dir: "ltr" | "rtl", attrs: string, content: string): string {
  const anchor = edge === "middle" ? "middle" : (edge === "left") === (dir === "ltr") ? "start" : "end";
  return `<text x="${x}" y="${y}" direction="${dir}" text-anchor="${anchor}" ${attrs}>${xml(content)}</text>`;
}

// ---------------------------------------------------------------------------------------------
// What every image in a language shares, made on the language's first image.

interface LanguageParts {
  rtl: boolean;
  /** The SVG's start: definitions, background, wordmark, title, the badge under the name. */
  head: string;
  /** The QR panel with the call to action, without the code. */
  panel: string;
  panelY: number;
}

async function languageParts(lng: LanguageCode): Promise<LanguageParts> {
  const t = i18n.getFixedT(lng, "share");
  const rtl = languageDir(lng) === "rtl";
  const dir = rtl ? "rtl" : "ltr";
  const font = SVG_FONTS.get(lng)!;
  const start = rtl ? "right" : "left";

  const [title, badge, cta] = await Promise.all([
    fitText(t("share:title"), lng, "Bold", COL_W, 2, 42),
    fitText(t("share:badge"), lng, "Semi-Bold", NAME_W - 40, 1, 26),
    fitText(t("share:cta"), lng, "Bold", QR_BOX - 8, 3, 30),
  ]);

  const titleSvg = title.lines
    .map((line, i) =>
      svgText(
        mirrorX(rtl, COL_X0),
        TITLE_Y + i * Math.round(title.size * 1.3),
        start,
        dir,
        `font-family="${font}" font-size="${title.size}" font-weight="700" fill="${COLORS.onBrand}"`,
        line,
      ),
    )
    .join("");

  const badgeText = badge.lines[0]!;
  const badgeW = Math.min(NAME_W, Math.ceil((await measureEm(badgeText, lng, "Semi-Bold")) * badge.size) + 40);
  const badgeH = badge.size + 22;
  const badgeX = rtl ? W - NAME_X0 - badgeW : NAME_X0;
  const badgeSvg = `<rect x="${badgeX}" y="${BADGE_Y}" width="${badgeW}" height="${badgeH}" rx="${badgeH / 2}" fill="#ffffff" fill-opacity=".16"/>
${svgText(badgeX + badgeW / 2, Math.round(BADGE_Y + 11 + badge.size * 0.8), "middle", dir, `font-family="${font}" font-size="${badge.size}" font-weight="600" fill="${COLORS.onBrandMuted}"`, badgeText)}`;

  // The gradient runs from the deep violet in the start corner to violet in the far one.
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="bg" x1="${rtl ? 1 : 0}" y1="0" x2="${rtl ? 0 : 1}" y2="1"><stop offset="0" stop-color="${COLORS.brand}"/><stop offset=".55" stop-color="${COLORS.brandMid}"/><stop offset="1" stop-color="${COLORS.violet}"/></linearGradient>
<linearGradient id="accent" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.indigo600}"/><stop offset="1" stop-color="${COLORS.fuchsia}"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${COLORS.fuchsia}" stop-opacity=".55"/><stop offset="1" stop-color="${COLORS.fuchsia}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="${mirrorX(rtl, 40)}" cy="${H + 20}" r="300" fill="url(#glow)"/>
<circle cx="${mirrorX(rtl, 700)}" cy="-150" r="260" fill="#ffffff" fill-opacity=".05"/>
<circle cx="${mirrorX(rtl, 620)}" cy="${H + 120}" r="200" fill="none" stroke="#ffffff" stroke-opacity=".08" stroke-width="36"/>
${svgText(mirrorX(rtl, COL_X0), 128, start, "ltr", `font-family="${font}" font-size="72" font-weight="800" letter-spacing="2" fill="${COLORS.onBrand}"`, "VV")}
<rect x="${rtl ? W - COL_X0 - 112 : COL_X0}" y="146" width="112" height="8" rx="4" fill="url(#accent)"/>
${titleSvg}
<circle cx="${mirrorX(rtl, COL_X0 + AVATAR / 2)}" cy="${AVATAR_CY}" r="${AVATAR / 2 + AVATAR_RING}" fill="#ffffff"/>
${badgeSvg}
`;

  // The panel: the QR, the call to action under it; as tall as that, centred.
  const ctaLineHeight = Math.round(cta.size * 1.3);
  const panelX = rtl ? MARGIN : PANEL_X;
  const panelH = Math.round(PANEL_PAD + QR_BOX + 12 + (cta.lines.length - 1) * ctaLineHeight + cta.size * 1.3 + 24);
  const panelY = Math.round((H - panelH) / 2);
  const ctaY = Math.round(panelY + PANEL_PAD + QR_BOX + 12 + cta.size);
  const ctaSvg = cta.lines
    .map((line, i) =>
      svgText(
        panelX + PANEL_W / 2,
        ctaY + i * ctaLineHeight,
        "middle",
        dir,
        `font-family="${font}" font-size="${cta.size}" font-weight="700" fill="${COLORS.brand}"`,
        line,
      ),
    )
    .join("");
  const panel = `<rect x="${panelX}" y="${panelY + 10}" width="${PANEL_W}" height="${panelH}" rx="28" fill="${COLORS.ink}" fill-opacity=".28"/>
<rect x="${panelX}" y="${panelY}" width="${PANEL_W}" height="${panelH}" rx="28" fill="#ffffff"/>
${ctaSvg}
`;
  return { rtl, head, panel, panelY };
}

const languages = new Map<LanguageCode, Promise<LanguageParts>>();

function partsFor(lng: LanguageCode): Promise<LanguageParts> {
  let parts = languages.get(lng);
  if (!parts) {
    parts = languageParts(lng);
    languages.set(lng, parts);
    parts.catch(() => languages.delete(lng)); // a failure is tried again on the next image
  }
  return parts;
}

// ---------------------------------------------------------------------------------------------
// The QR code, the avatar, the name.

/** The link's QR code: dark modules as one path on white, whole pixels per module, quiet zone included. */
function qrSvg(link: string, x: number, y: number): string {
  const qr = qrcode(0, "M");
  qr.addData(link, "Byte");
  qr.make();
  const modules = qr.getModuleCount();
  const units = modules + 2 * QR_QUIET;
  const scale = Math.max(1, Math.floor(QR_BOX / units));
  const side = units * scale;
  const left = x + Math.floor((QR_BOX - side) / 2);
  const top = y + Math.floor((QR_BOX - side) / 2);
  const d: string[] = [];
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      let run = 1; // a row's run of dark modules as one rectangle
      while (col + run < modules && qr.isDark(row, col + run)) run++;
      d.push(`M${col + QR_QUIET} ${row + QR_QUIET}h${run}v1h-${run}z`);
      col += run - 1;
    }
  }
  return `<rect x="${left}" y="${top}" width="${side}" height="${side}" fill="#ffffff"/>
<path transform="translate(${left} ${top}) scale(${scale})" d="${d.join("")}" fill="${COLORS.ink}" shape-rendering="crispEdges"/>
`;
}

/** A white disc on transparency: what dest-in keeps of the avatar. */
const CIRCLE_MASK = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}" fill="#fff"/></svg>`,
);

/** The avatar cut to a circle, raw RGBA; null when the bytes are not a picture. */
async function avatarDisc(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: "truncated", limitInputPixels: 4096 * 4096 })
      .resize(AVATAR, AVATAR, { fit: "cover" })
      .ensureAlpha()
      .composite([{ input: CIRCLE_MASK, blend: "dest-in" }])
      .raw()
      .toBuffer();
  } catch {
    return null; // a broken file must not cost the applicant the image: the initial stands in
  }
}

/** The first character that is a letter or a digit, as a capital; "V" when there is none. */
function initialOf(name: string, lng: LanguageCode): string {
  return (graphemes(name).find((g) => /[\p{L}\p{N}]/u.test(g)) ?? "V").toLocaleUpperCase(lng);
}

/**
 * The nickname at the largest size up to NAME_MAX that fits NAME_W, or at NAME_MIN cut to what
 * fits, with an ellipsis. Pango measures and draws it: the width is the drawn width.
 */
async function nameImage(name: string, lng: LanguageCode): Promise<{ data: Buffer; width: number; height: number }> {
  const color = COLORS.onBrand;
  const full = await pangoText(name, lng, "Bold", NAME_MAX, color);
  if (full.width <= NAME_W) return full;
  let size = Math.floor((NAME_MAX * NAME_W) / full.width);
  while (size >= NAME_MIN) {
    // Widths do not scale exactly with the size (hinting, rounding): check, and go smaller.
    const fitted = await pangoText(name, lng, "Bold", size, color);
    if (fitted.width <= NAME_W) return fitted;
    size = Math.min(size - 1, Math.floor((size * NAME_W) / fitted.width));
  }
  // Cut: the longest start, with an ellipsis, that fits at the smallest size. Guess from the
  // width at NAME_MAX, then step.
  const gs = graphemes(name.replace(/…$/u, ""));
  const cut = (n: number) => pangoText(`${gs.slice(0, n).join("").trimEnd()}…`, lng, "Bold", NAME_MIN, color);
  let n = Math.max(1, Math.min(gs.length - 1, Math.floor((gs.length * NAME_W * NAME_MAX) / (full.width * NAME_MIN)) - 1));
  let image = await cut(n);
  if (image.width > NAME_W) {
    while (n > 1 && image.width > NAME_W) image = await cut(--n);
    return image;
  }
  while (n + 1 < gs.length) {
    const longer = await cut(n + 1);
    if (longer.width > NAME_W) break;
    image = longer;
    n++;
  }
  return image;
}

/** What the image shows of a link: without the scheme, cut to its line. */
function linkText(link: string): { text: string; size: number } {
  const text = clean(link).replace(/^https?:\/\//i, "");
  const size = 24;
  let gs = graphemes(text);
  if (textEm(gs) * size <= COL_W) return { text, size };
  while (gs.length > 1 && (textEm(gs) + 1) * size > COL_W) gs = gs.slice(0, -1);
  return { text: `${gs.join("")}…`, size };
}

// ---------------------------------------------------------------------------------------------

/** The share image of a card, as PNG bytes of SHARE_IMAGE_WIDTH x SHARE_IMAGE_HEIGHT. */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const lng = normalizeLanguage(card.lang) ?? DEFAULT_LANGUAGE;
  const name = shareImageName(card.name) || "VV";
  const [parts, disc, nameText] = await Promise.all([partsFor(lng), card.avatar ? avatarDisc(card.avatar) : null, nameImage(name, lng)]);
  const { rtl } = parts;
  const avatarLeft = rtl ? W - COL_X0 - AVATAR : COL_X0;
  const layers: OverlayOptions[] = [];

  let placeholder = "";
  if (disc) {
    layers.push({ input: disc, raw: { width: AVATAR, height: AVATAR, channels: 4 }, left: avatarLeft, top: AVATAR_Y });
  } else {
    const cx = avatarLeft + AVATAR / 2;
    placeholder = `<circle cx="${cx}" cy="${AVATAR_CY}" r="${AVATAR / 2}" fill="url(#accent)"/>`;
    const initial = await pangoText(initialOf(name, lng), lng, "Bold", 84, COLORS.onBrand);
    layers.push({
      input: initial.data,
      raw: { width: initial.width, height: initial.height, channels: 4 },
      left: Math.round(cx - initial.width / 2),
      top: Math.round(AVATAR_CY - initial.height / 2),
    });
  }
  layers.push({
    input: nameText.data,
    raw: { width: nameText.width, height: nameText.height, channels: 4 },
    left: rtl ? W - NAME_X0 - nameText.width : NAME_X0,
    top: Math.round(NAME_CY - nameText.height / 2),
  });

  const link = linkText(card.link);
  const linkSvg = svgText(
    mirrorX(rtl, COL_X0),
    H - MARGIN - 4,
    rtl ? "right" : "left",
    "ltr",
    `font-family="${SVG_FONTS.get(lng)}" font-size="${link.size}" fill="${COLORS.soft}"`,
    link.text,
  );
  const svg = `${parts.head}${placeholder}
${linkSvg}
${parts.panel}${qrSvg(card.link, (rtl ? MARGIN : PANEL_X) + PANEL_PAD, parts.panelY + PANEL_PAD)}</svg>`;

  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/**
 * A short, stable key of what the image shows (name, the avatar's bytes, link, language, and
 * the design and texts): for the caller's ETag and cache.
 */
export function shareImageKey(card: ShareCard): string {
  const avatar = card.avatar ? createHash("sha256").update(card.avatar).digest("hex") : "-";
  return createHash("sha256")
    .update(JSON.stringify([RENDER_VERSION, card.name, avatar, card.link, card.lang]))
    .digest("base64url")
    .slice(0, 22);
}
