import { createCookie } from "@remix-run/node";
import type { Toast } from "./toast.ts";
import { getEnv } from "./env.server.ts";

let cookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  const env = getEnv();
  return (cookie ??= createCookie("vv_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.PUBLIC_URL.startsWith("https:"),
    secrets: env.SESSION_SECRET,
    maxAge: 60,
  }));
}

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
