import { z } from "zod";
import { route } from "./route.ts";
import { epochSeconds } from "./wire.ts";
import { CAMPAIGN_STATES, CAMPAIGN_TASKS, CONTACT_MAX, CONTACT_MIN } from "./campaign-states.ts";

const campaignTask = z.object({
  id: z.enum(CAMPAIGN_TASKS).describe("Which task: start the airdrop, bind a social account, follow the official account, invite friends"),
  done: z.boolean(),
  required: z.boolean().describe("Whether applying needs it done (CAMPAIGN_REQUIRED_TASKS)"),
});

const campaignResult = z.object({
  status: z.enum(CAMPAIGN_STATES).describe("not_applied, in_review, approved or rejected (by an operator)"),
  tasks: z.array(campaignTask),
  can_apply: z.boolean().describe("Not applied or rejected, and every required task done"),
  contact: z.string().nullable().describe("The contact info of the application, null when not applied"),
  photo: z.string().nullable().describe("The application's photo (/media/<id>), null when not applied"),
  reason: z.string().nullable().describe("Why the application was rejected"),
  submitted_at: epochSeconds.nullable(),
  reviewed_at: epochSeconds.nullable(),
  share_image: z.string().nullable().describe("Approved only: the share image's path on the web app, /campaign/share/<invite code>.png"),
  share_link: z.string().nullable().describe("Approved only: the link to share (the invite link; its page shows the share image)"),
  announce_url: z.string().nullable().describe("The official social account where winners are announced (CAMPAIGN_ANNOUNCE_URL)"),
  announce_at: epochSeconds.nullable().describe("When the winners are announced (CAMPAIGN_ANNOUNCE_AT), null while no date is set"),
  team_l1_percent: z
    .number()
    .int()
    .nonnegative()
    .describe("Percent of their own power that friends who join with the share link add to the citizen's Team Power (the rule in force)"),
});
export type Campaign = z.infer<typeof campaignResult>;

const applyBody = z.object({
  contact: z.string().describe(`Contact info, ${CONTACT_MIN}-${CONTACT_MAX} characters after trimming`),
  photo: z.string().max(64).describe("The id (urls.id) of a photo the caller uploaded with type=campaign"),
});

/** The share image itself: PNG bytes, not an envelope (like /v1/file/<name>). */
export const SHARE_IMAGE_PATH = "/v1/campaign/share/";
/** A share image's file name: the invite code (group 1) and `.png`; nothing else is looked up. */
export const SHARE_IMAGE_FILE = /^([A-Za-z0-9]{1,32})\.png$/;

export const campaignRoutes = {
  get: route({
    method: "GET",
    path: "/v1/campaign/",
    summary: "The caller's campaign application: state, tasks, and the share image once approved",
    auth: true,
    response: campaignResult,
  }),
  apply: route({
    method: "POST",
    path: "/v1/campaign/apply/",
    summary: "Apply (or apply again after a rejection) with contact info and an uploaded photo; the application goes into review",
    auth: true,
    body: applyBody,
    response: campaignResult,
  }),
} as const;
