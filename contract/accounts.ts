import { z } from "zod";
import { userSchema } from "./profile.ts";
import { PUSH_ENDPOINT_MAX } from "./push.ts";
import { route } from "./route.ts";
import { emptyResult } from "./wire.ts";

const otpPurposeSchema = z.enum(["register", "login"]);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

const email = z.string().trim().max(254).describe("E-mail address");
const otp = z.string().trim().max(12).describe("The one-time code from the e-mail");
const language = z.string().trim().max(16);

const inviteCode = z.string().trim().max(32).optional();
/** Sign-up under pressure only (decision 065): a solved ALTCHA challenge (its base64 payload) or a wait ticket. */
const proof = z.string().trim().max(2048).optional().describe("Only when asked for (300152): a solved challenge or a due wait ticket");

const sendCodeBody = z.object({
  email,
  purpose: otpPurposeSchema,
  invite_code: inviteCode.describe("To register: the invite code the sign-up will use, if any"),
  proof,
});
const registerBody = z.object({
  email,
  code: otp,
  invite_code: inviteCode,
  proof,
  ui_lang: language.optional(),
  lang: language.optional(),
});
const loginBody = z.object({ email, code: otp });

/** What a sign-in answers, whatever proved it (a code or a passkey). */
export const authResult = z.object({
  user: userSchema,
  token: z.string(),
  did: z.string().describe("The device id the account is now signed in on"),
});
const didResult = z.object({ did: z.string() });
const logoutBody = z.object({
  web_push_endpoint: z
    .string()
    .trim()
    .max(PUSH_ENDPOINT_MAX)
    .optional()
    .describe("This browser's Web Push endpoint, if subscribed: removed too when the login has no device id"),
});

/** The native app install's push token (FCM on Android, APNs on iOS): printable ASCII, no spaces. */
export const pushTokenBody = z.object({
  token: z
    .string()
    .trim()
    .min(1)
    .max(1024)
    .regex(/^[\x21-\x7e]+$/)
    .describe("The push token the phone's push service gave the app"),
  platform: z.enum(["android", "ios"]),
});
const changeEmailSendBody = z.object({ email: email.describe("The new address: the code goes there") });
const changeEmailBody = z.object({ email: email.describe("The new address the code was sent to"), code: otp });
const changeEmailResult = z.object({ user: userSchema });
const sendCodeResult = z.object({
  resend_after: z.number().int().describe("Seconds until another code may be sent"),
  did: z.string().describe("The device id the code is bound to: the sign-in with it must send this did"),
});

const signupChallengeBody = z.object({ email });
const signupChallengeResult = z.object({
  algorithm: z.string().describe("ALTCHA: the hash, SHA-256"),
  challenge: z.string().describe("ALTCHA: the hash of salt + number to find"),
  maxnumber: z.number().int().describe("ALTCHA: the number is at most this"),
  salt: z.string(),
  signature: z.string(),
  wait_seconds: z.number().int().describe("Without the work: seconds until wait_ticket may be sent as the proof instead"),
  wait_ticket: z.string(),
});
export type SignupChallenge = z.infer<typeof signupChallengeResult>;

export const accountRoutes = {
  did: route({ method: "GET", path: "/v1/user/did/", summary: "Issue a device id", auth: false, response: didResult }),
  sendCode: route({
    method: "POST",
    path: "/v1/user/vcode/send/",
    summary: "E-mail a one-time code",
    auth: false,
    body: sendCodeBody,
    response: sendCodeResult,
  }),
  signupChallenge: route({
    method: "POST",
    path: "/v1/user/signup/challenge/",
    summary: "A proof-of-work challenge (ALTCHA) and a wait ticket, for a sign-up answered 300152",
    auth: false,
    body: signupChallengeBody,
    response: signupChallengeResult,
  }),
  register: route({
    method: "POST",
    path: "/v1/user/register/",
    summary: "Register with e-mail and code",
    auth: false,
    body: registerBody,
    response: authResult,
  }),
  login: route({
    method: "POST",
    path: "/v1/user/login/",
    summary: "Log in with e-mail and code",
    auth: false,
    body: loginBody,
    response: authResult,
  }),
  logout: route({
    method: "POST",
    path: "/v1/user/logout/",
    summary: "Revoke this token; this device's push token and Web Push subscriptions stop getting the account's notifications",
    auth: true,
    body: logoutBody,
    response: emptyResult,
  }),
  changeEmailSend: route({
    method: "POST",
    path: "/v1/user/email/vcode/send/",
    summary: "E-mail a code to the new address the account is to move to (bound to this device, under the send limits)",
    auth: true,
    body: changeEmailSendBody,
    response: sendCodeResult,
  }),
  changeEmail: route({
    method: "POST",
    path: "/v1/user/email/",
    summary: "Move the account to the new address with its code; the old address gets a notice and is free for a new account",
    auth: true,
    body: changeEmailBody,
    response: changeEmailResult,
  }),
  pushToken: route({
    method: "PUT",
    path: "/v1/user/push_token/",
    summary: "Bind this device's push token to the signed-in account (needs did)",
    auth: true,
    body: pushTokenBody,
    response: emptyResult,
  }),
} as const;
