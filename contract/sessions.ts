import { z } from "zod";
import { route } from "./route.ts";
import { emptyResult, epochSeconds } from "./wire.ts";

const sessionSchema = z.object({
  id: z.number().int(),
  browser: z
    .string()
    .describe('The browser read from the user agent at sign-in: chrome, firefox, safari, samsung, edge, "app" (the VV app) or empty'),
  os: z.string().describe("The system read from the user agent at sign-in: android, ios, windows, macos, linux or empty"),
  created_at: epochSeconds.describe("Signed in at"),
  last_seen_at: epochSeconds.describe("Last used at, to within SESSION_TOUCH_MINUTES"),
  current: z.boolean().describe("The session making this call"),
});

const sessionId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const sessionRoutes = {
  list: route({
    method: "GET",
    path: "/v1/user/sessions/",
    summary: "The account's signed-in sessions, last used first, this one marked",
    auth: true,
    response: z.object({ sessions: z.array(sessionSchema) }),
  }),
  end: route({
    method: "POST",
    path: "/v1/user/sessions/end/",
    summary: "Sign one of the account's sessions out",
    auth: true,
    body: z.object({ id: sessionId }),
    response: emptyResult,
  }),
  endOthers: route({
    method: "POST",
    path: "/v1/user/sessions/end_others/",
    summary: "Sign every session of the account out but this one",
    auth: true,
    response: z.object({ ended: z.number().int() }),
  }),
  endByLink: route({
    method: "POST",
    path: "/v1/user/sessions/end_by_link/",
    summary: "Sign out the session a new-device e-mail's signed link names (the confirm page's button); no login needed",
    auth: false,
    body: z.object({ token: z.string().trim().max(128) }),
    response: emptyResult,
  }),
} as const;
