import type { useLoaderData } from "@remix-run/react";
import type { loadCampaign } from "./campaign.server.ts";

export type CampaignData = ReturnType<typeof useLoaderData<typeof loadCampaign>>;
export type Campaign = CampaignData["campaign"];
