import type { z } from "zod";
import * as mint from "./mint.ts";
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
  /** Parameters of this call carried in the query string, beside the common ones. */
  query?: z.ZodObject;
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

  mintInfo: route({ method: "GET", path: "/v1/mint/user_info/", summary: "Airdrop state, power and the next round", auth: true, response: mint.mintInfoSchema }),
  mintList: route({ method: "GET", path: "/v1/mint/list/", summary: "The user's airdrop rounds, newest first", auth: true, response: mint.mintListResult }),
  mintStart: route({ method: "POST", path: "/v1/mint/start/", summary: "Start the free airdrop", auth: true, response: mint.startResult }),
  mintCollect: route({ method: "POST", path: "/v1/mint/collect/", summary: "Claim every unclaimed round", auth: true, response: mint.collectResult }),
  taskList: route({ method: "GET", path: "/v1/mint/task/list/", summary: "Bonus tasks and the upgrade popup flag", auth: true, response: mint.taskListResult }),
  bonusCollect: route({ method: "POST", path: "/v1/mint/task/bonus/collect/", summary: "Claim a bonus task's power", auth: true, query: mint.bonusCollectQuery, response: mint.bonusCollectResult }),
  bindTwitter: route({ method: "PUT", path: "/v1/mint/twitter/", summary: "Bind the social handle", auth: true, body: mint.twitterBody, response: mint.twitterResult }),
  followTwitter: route({ method: "POST", path: "/v1/mint/twitter/follow/", summary: "Record that the official account is followed", auth: true, response: mint.followResult }),
  mintMine: route({ method: "GET", path: "/v1/mint/user/mine/", summary: "The user with their power", auth: true, response: mint.mintMineResult }),
  mintUser: route({ method: "GET", path: "/v1/mint/user/", summary: "The user's profile", auth: true, response: user.userSchema }),
} as const;

/** Query parameters every client appends (product spec §7). */
export const COMMON_QUERY = ["os", "country", "lang", "ui_lang", "pkg", "vcode", "did"] as const;
