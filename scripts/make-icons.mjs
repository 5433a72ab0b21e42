// Makes the installed app's PNG icons from public/icon.svg, once: `node scripts/make-icons.mjs`,
// then commit public/icons/. Android and Chromium want PNGs of at least 192 and 512 pixels to
// offer installing the app. The maskable ones fill the whole square with the logo's gradient (the
// phone cuts its own shape out of them) and keep the letters inside the central 80% circle that
// every mask leaves visible. The SVG's letters are drawn with the machine's Arial (or a metric
// twin, Liberation Sans): look at the PNGs after making them again on another machine.
import { mkdir, readFile } from "node:fs/promises";
import sharp from "sharp";

const SIZES = [192, 512];
const svg = await readFile("public/icon.svg", "utf8");

// The logo's rounded square, made square: the full-bleed background of a maskable icon.
const fullBleed = svg.replace('rx="16"', 'rx="0"');
if (fullBleed === svg) throw new Error('public/icon.svg no longer has its rounded square (rx="16"): update this script');

await mkdir("public/icons", { recursive: true });
for (const size of SIZES) {
  for (const [name, source] of [
    [`icon-${size}.png`, svg],
    [`maskable-${size}.png`, fullBleed],
  ]) {
    // Rendered at the size itself (density scales the 64-unit viewBox), not scaled up from 64 px.
    await sharp(Buffer.from(source), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: false })
      .toFile(`public/icons/${name}`);
    console.log(`public/icons/${name}`);
  }
}

// iPhones put "Add to Home Screen" icons on a square of their own, with their own corners, and
// show black where a picture is transparent: the full-bleed square, 180 pixels.
await sharp(Buffer.from(fullBleed), { density: (72 * 180) / 64 })
  .resize(180, 180)
  .flatten()
  .png({ compressionLevel: 9, palette: false })
  .toFile("public/icons/apple-touch-icon.png");
console.log("public/icons/apple-touch-icon.png");
