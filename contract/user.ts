import { z } from "zod";

export const otpPurposeSchema = z.enum(["register", "login"]);
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;

const email = z.string().trim().max(254).describe("E-mail address");
const otp = z.string().trim().max(12).describe("The one-time code from the e-mail");
const inviteCode = z.string().trim().max(32);
const language = z.string().trim().max(16);

export const sendCodeBody = z.object({ email, purpose: otpPurposeSchema });
export const registerBody = z.object({
  email,
  code: otp,
  invite_code: inviteCode.optional(),
  ui_lang: language.optional(),
  lang: language.optional(),
});
export const loginBody = z.object({ email, code: otp });
export const updateUserBody = z.object({
  name: z.string().max(200).optional(),
  ui_lang: language.optional(),
  lang: language.optional(),
});
export const bindInviteBody = z.object({ invite_code: inviteCode });

export const moneyString = z.string().regex(/^-?\d+\.\d{8}$/).describe("Decimal string, 8 places");

export const userSchema = z.object({
  id: z.number().int(),
  display_id: z.string(),
  name: z.string(),
  avatar: z.string(),
  avatar_new: z.string(),
  avatar_status: z.number().int(),
  user_status_icon: z.number().int().nullable(),
  btc: moneyString,
  vv: moneyString,
  email: z.string(),
  lang: z.string(),
  ui_lang: z.string(),
  invite_code: z.string(),
  invite_link: z.string(),
  twitter: z.string(),
  inviter_id: z.number().int().nullable(),
  register_at: z.number().int().describe("Epoch seconds"),
});
export type User = z.infer<typeof userSchema>;

export const authResult = z.object({ user: userSchema, token: z.string(), did: z.string().describe("The device id the account is now signed in on") });
export type AuthResult = z.infer<typeof authResult>;
export const didResult = z.object({ did: z.string() });
export const sendCodeResult = z.object({ resend_after: z.number().int().describe("Seconds until another code may be sent") });
export const inviteResult = z.object({ invite_code: z.string(), invite_link: z.string() });
export const userUpdateResult = z.object({ user: userSchema });
export const emptyResult = z.object({});
