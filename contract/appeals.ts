import { z } from "zod";
import { ErrorCode } from "./errors.ts";
import { route } from "./route.ts";
import { epochSeconds } from "./wire.ts";

/**
 * A banned account's own way back (decision 066): what it reads and the appeal it sends. A banned
 * account has no session; the refusal that answered its proof (a sign-in, or a call with its old
 * token) carries an appeal pass, short-lived, that these calls take instead.
 */

export const APPEAL_MIN_CHARS = 20;
export const APPEAL_MAX_CHARS = 1000;

/** The refusal's data for a banned account that proved who it is. */
export const bannedRefusalData = z.object({ appeal_pass: z.string().min(1).max(200), pass_expires_at: epochSeconds });

const pass = bannedRefusalData.shape.appeal_pass;

const appealText = z
  .string()
  .max(APPEAL_MAX_CHARS * 4)
  .trim()
  .refine((text) => text.length >= APPEAL_MIN_CHARS && text.length <= APPEAL_MAX_CHARS, { params: { errorCode: ErrorCode.appealLength } });

const appeal = z.object({
  status: z.enum(["waiting", "lifted", "upheld"]),
  created_at: epochSeconds,
  decided_at: epochSeconds.nullable(),
});

export const appealRoutes = {
  standing: route({
    method: "POST",
    path: "/v1/appeal/standing/",
    summary: "For a banned account's appeal pass: why it is banned, its last appeal, and whether it may appeal now",
    auth: false,
    body: z.object({ pass }),
    response: z.object({
      banned: z.boolean().describe("false once the ban has ended: the account can sign in again"),
      reason: z.string().describe("A key of moderation:ban (contract/moderation.ts), or empty for a ban from before reasons"),
      banned_at: epochSeconds.nullable(),
      appeal: appeal.nullable().describe("The account's last appeal"),
      appeal_from: epochSeconds
        .nullable()
        .describe("When it may appeal again, after an upheld appeal; null when it may now or has one waiting"),
    }),
  }),
  send: route({
    method: "POST",
    path: "/v1/appeal/",
    summary: "Sends a banned account's appeal to the operators' queue; one waits at a time",
    auth: false,
    body: z.object({ pass, text: appealText }),
    response: z.object({ appeal }),
  }),
} as const;

export type AppealWire = z.infer<typeof appeal>;
