import { redirect } from "@remix-run/node";
import { toastCookie } from "./cookies.server.ts";
import type { Toast } from "./toast.ts";

export function setToast(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

/** Reads the flash toast and the header that clears it (only when there was one). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const value = (await toastCookie().parse(request.headers.get("Cookie"))) as Toast | null;
  if (!value || typeof value !== "object") return { toast: null, headers };
  headers.append("Set-Cookie", await toastCookie().serialize("", { maxAge: 0 }));
  return { toast: value, headers };
}

/** A redirect whose toast shows on the page it leads to. */
export async function redirectWithToast(to: string, toast: Toast, init: { headers?: Headers } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToast(toast));
  return redirect(to, { headers });
}

/** Remix's own fetch (JavaScript running), as server.ts saw it before Remix dropped `.data` from the path. */
export function isDataRequest(request: Request): boolean {
  return request.headers.get("x-data-request") === "1";
}

/**
 * What a successful form post answers. A page post without JavaScript redirects (so a reload
 * does not post again) with a flash toast; with JavaScript the toast comes back as action data,
 * the page's loaders refresh, and the root (with its translations) is not sent again.
 */
export async function doneWithToast(request: Request, to: string, toast: Toast): Promise<{ toast: Toast } | Response> {
  return isDataRequest(request) ? { toast } : redirectWithToast(to, toast);
}
