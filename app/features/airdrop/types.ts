import type { SerializeFrom } from "@remix-run/node";
import type { loadAirdrop } from "./airdrop.server.ts";

export type AirdropData = SerializeFrom<typeof loadAirdrop>;
export type Info = AirdropData["info"];
export type Task = AirdropData["tasks"][number];
export type Round = AirdropData["rounds"][number];
