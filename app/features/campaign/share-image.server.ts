import { SHARE_IMAGE_FILE, SHARE_IMAGE_PATH } from "#contract/campaign.ts";
import { fetchApiBytes } from "#app/utils/api.server.ts";

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The card shows a user's name and avatar and goes when the account is deleted or banned: any
 * cache may keep it, but must ask again before each use (docs/decisions/036). What browsers and
 * proxies see, whatever an API of another version says.
 */
const SHARE_CARD_CACHE = "public, no-cache";

/**
 * /campaign/share/<invite code>.png: an approved applicant's share image, the picture a shared
 * invite link previews (og:image). Public, revalidated on every use (the API's ETag passes
 * through, a revalidation answers 304 while the card stands and 404 once it is gone); never run
 * (a sandbox CSP).
 */
export async function serveShareImage(request: Request, file: string | undefined): Promise<Response> {
  if (!file || !SHARE_IMAGE_FILE.test(file)) return notFound();
  const ifNoneMatch = request.headers.get("if-none-match");
  const answer = await fetchApiBytes(`${SHARE_IMAGE_PATH}${file}`, ifNoneMatch ? { "if-none-match": ifNoneMatch } : {}).catch(() => null);
  if (!answer || (answer.status !== 200 && answer.status !== 304)) return notFound();
  const headers = new Headers({
    "Cache-Control": SHARE_CARD_CACHE,
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (answer.etag) headers.set("ETag", answer.etag);
  if (answer.status === 304 || !answer.bytes) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "image/png");
  headers.set("Content-Disposition", 'inline; filename="vv-citizen.png"');
  return new Response(new Uint8Array(answer.bytes), { headers });
}
