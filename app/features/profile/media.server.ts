import { FILE_NAME } from "#contract/files.ts";
import { fetchApiBytes } from "#app/utils/api.server.ts";

/**
 * A user's picture may go at any moment (the account deleted, the avatar replaced or refused,
 * the user banned), so only the viewer's own browser keeps it, for minutes, and no shared cache
 * keeps it at all (docs/decisions/036). The API says the same; this is what browsers and proxies
 * see, whatever an API of another version says.
 */
const USER_PICTURE_CACHE = "private, max-age=600";

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * /media/<name>: an uploaded picture, served as WebP whatever its bytes claim, never run (a
 * sandbox CSP), cached by the browser alone and briefly: once the picture is gone, the next
 * request is a 404 that nothing caches. server.ts adds
 * `nosniff` to every answer, this one included.
 */
export async function serveMedia(name: string | undefined): Promise<Response> {
  const answer = name && FILE_NAME.test(name) ? await fetchApiBytes(`/v1/file/${encodeURIComponent(name)}`).catch(() => null) : null;
  if (!answer?.bytes || answer.status !== 200) return notFound();
  return new Response(new Uint8Array(answer.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": USER_PICTURE_CACHE,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
    },
  });
}
