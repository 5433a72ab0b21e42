import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { getEnv } from "./env.server.ts";

export interface SessionData {
  token: string;
  did: string;
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  const env = getEnv();
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: "vv_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.PUBLIC_URL.startsWith("https:"),
      secrets: env.SESSION_SECRET,
      maxAge: 60 * 60 * 24 * 30,
    },
  });
}

function sessionStorage() {
  return (storage ??= createStorage());
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: Session<SessionData>): Promise<string> {
  return sessionStorage().commitSession(session);
}

/** Ends the signed-in state but keeps the device id: the device rules follow the phone, not the login. */
export async function signedOutCookie(session: Session<SessionData>): Promise<string> {
  session.unset("token");
  return commitSession(session);
}
