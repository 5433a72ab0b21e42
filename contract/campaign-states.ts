/**
 * Campaign states and task ids the browser needs too, kept free of zod (see bonus-tasks.ts).
 * No application row is `not_applied`; the rest are what an operator's review leaves.
 */
export const CAMPAIGN_STATES = ["not_applied", "in_review", "approved", "rejected"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_TASKS = ["start_airdrop", "bind_social", "follow_official", "invite_friends"] as const;
export type CampaignTask = (typeof CAMPAIGN_TASKS)[number];

/** The contact info's length after trimming, in characters; an application cannot be sent without it. */
export const CONTACT_MIN = 3;
export const CONTACT_MAX = 100;
