import type { z } from "zod";
import * as user from "./user.ts";

/**
 * Every /v1 call: the API registers its handlers against these entries and the
 * OpenAPI document is generated from them, so the two cannot drift apart.
 */
export interface RouteSpec {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}

function route<const T extends RouteSpec>(spec: T): T {
  return spec;
}

export const routes = {
  did: route({ method: "GET", path: "/v1/user/did/", summary: "Issue a device id", auth: false, response: user.didResult }),
  sendCode: route({ method: "POST", path: "/v1/user/vcode/send/", summary: "E-mail a one-time code", auth: false, body: user.sendCodeBody, response: user.sendCodeResult }),
  register: route({ method: "POST", path: "/v1/user/register/", summary: "Register with e-mail and code", auth: false, body: user.registerBody, response: user.authResult }),
  login: route({ method: "POST", path: "/v1/user/login/", summary: "Log in with e-mail and code", auth: false, body: user.loginBody, response: user.authResult }),
  logout: route({ method: "POST", path: "/v1/user/logout/", summary: "Revoke this token", auth: true, response: user.emptyResult }),
  me: route({ method: "GET", path: "/v1/user/", summary: "The signed-in user's profile", auth: true, response: user.userSchema }),
  updateMePut: route({ method: "PUT", path: "/v1/user/", summary: "Update profile fields", auth: true, body: user.updateUserBody, response: user.userUpdateResult }),
  updateMePost: route({ method: "POST", path: "/v1/user/", summary: "Update profile fields", auth: true, body: user.updateUserBody, response: user.userUpdateResult }),
  bindInvite: route({ method: "POST", path: "/v1/user/invite_code/", summary: "Bind an inviter by invite code", auth: true, body: user.bindInviteBody, response: user.userUpdateResult }),
  invite: route({ method: "GET", path: "/v1/user/invite/", summary: "The user's invite code and link", auth: true, response: user.inviteResult }),
} as const;

/** Query parameters every client appends (product spec §7). */
export const COMMON_QUERY = ["os", "country", "lang", "ui_lang", "pkg", "vcode", "did"] as const;
