import type { Session } from "@remix-run/node";
import { sessionStorage } from "./cookies.server.ts";

interface SessionData {
  token: string;
  did: string;
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
