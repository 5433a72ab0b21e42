import { FILE_NAME } from "../../../contract/files.ts";
import { fetchStoredFile } from "~/utils/api.server.ts";

/**
 * /media/<name>: an uploaded picture, served as WebP whatever its bytes claim, never run (a
 * sandbox CSP), and cached for a year: a new upload gets a new name. server.ts adds `nosniff`
 * to every answer, this one included.
 */
export async function serveMedia(name: string | undefined): Promise<Response> {
  const bytes = name && FILE_NAME.test(name) ? await fetchStoredFile(name).catch(() => null) : null;
  if (!bytes) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
    },
  });
}
