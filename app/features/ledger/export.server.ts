import { redirect } from "@remix-run/node";
import { EXPORT_FORMATS, type ExportFormat } from "#contract/ledger-kinds.ts";
import { routes } from "#contract/routes.ts";
import { streamApiFile } from "#app/utils/api.server.ts";
import { errorToast, requireSignedIn } from "#app/utils/request.server.ts";
import { redirectWithToast } from "#app/utils/toast.server.ts";

const BACK = "/settings#data";

/**
 * /settings/export?format=…: the user's data, passed through from the API as it streams (never
 * held whole here), saved under the API's file name. A refusal (too many exports this hour, a
 * login that expired) goes back to /settings with its toast.
 */
export async function exportDownload(request: Request): Promise<Response> {
  const ctx = await requireSignedIn(request);
  const format = new URL(request.url).searchParams.get("format") ?? "";
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw redirect(BACK);
  try {
    const file = await streamApiFile(routes.ledger.export, ctx.caller, { format: format as ExportFormat });
    return new Response(file.body, {
      headers: { "content-type": file.type, "content-disposition": file.disposition, "cache-control": "no-store" },
    });
  } catch (error) {
    throw await redirectWithToast(BACK, errorToast(error));
  }
}
