import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import type { z } from "zod";
import { ErrorCode } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { ApiError, callApi, type Caller } from "#app/utils/api.server.ts";
import { getEnv } from "#app/utils/env.server.ts";

/**
 * The console's session (decision 063): a cookie of its own, sent to /console only, strict
 * same-site, holding the operator's console token. (Not to /console.data, the index's data
 * request, which no page links to: a sign-in goes straight to a queue.) It never meets the users' session cookie,
 * and the API's idle and age limits end it whatever the cookie says.
 */
let cookie: ReturnType<typeof createCookie> | undefined;

function consoleCookie() {
  return (cookie ??= createCookie("vv_console", {
    path: "/console",
    sameSite: "strict",
    httpOnly: true,
    secure: getEnv().PUBLIC_URL.startsWith("https:"),
    secrets: getEnv().SESSION_SECRET,
    maxAge: 8 * 60 * 60,
  }));
}

export async function consoleToken(request: Request): Promise<string | undefined> {
  const token: unknown = await consoleCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token ? token : undefined;
}

export async function signedIn(token: string): Promise<Headers> {
  return new Headers({ "Set-Cookie": await consoleCookie().serialize(token) });
}

export async function signedOut(): Promise<Headers> {
  return new Headers({ "Set-Cookie": await consoleCookie().serialize("", { maxAge: 0 }) });
}

/** Who calls the API for a console page: the operator's token, in English (the operators' language). */
export function consoleCaller(request: Request, token?: string): Caller {
  return {
    token,
    locale: "en",
    requestId: request.headers.get("x-request-id") ?? randomUUID(),
    clientIp: request.headers.get("x-client-ip") || undefined,
    userAgent: request.headers.get("user-agent") || undefined,
  };
}

/** A console page's call as the signed-in operator; without a live session, to the sign-in page. */
export async function callConsole<S extends RouteSpec>(
  request: Request,
  spec: S,
  input?: Parameters<typeof callApi<S>>[2],
): Promise<z.infer<S["response"]>> {
  const token = await consoleToken(request);
  if (!token) throw redirect("/console/login");
  try {
    return await callApi(spec, consoleCaller(request, token), input);
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.operatorSignInRequired) {
      throw redirect("/console/login", { headers: await signedOut() });
    }
    throw error;
  }
}

/**
 * The posted form. A body that is not one (another content type; server.ts refuses those before
 * Remix, but an action reached anyway must still answer) is a 400, never a fault.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new Response("Not a form", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/** The words of a refusal, for a console page: the API's own (English), or a plain fault. */
export function refusal(error: unknown): { error: string } {
  if (error instanceof ApiError) {
    return { error: error.code === ErrorCode.networkNoBody ? "The service did not answer. Try again." : error.message };
  }
  throw error;
}
