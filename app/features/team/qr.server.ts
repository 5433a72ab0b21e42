import qrcode from "qrcode-generator";

/**
 * A QR code as one SVG path (one unit per module, quiet zone included), drawn on the server:
 * the browser needs no script for it.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const quiet = 4;
  const parts: string[] = [];
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (qr.isDark(row, col)) parts.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  return { size: modules + 2 * quiet, d: parts.join("") };
}
