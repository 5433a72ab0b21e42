import type { useLoaderData } from "@remix-run/react";
import type { loadAirdrop } from "./airdrop.server.ts";

export type AirdropData = ReturnType<typeof useLoaderData<typeof loadAirdrop>>;
export type Info = AirdropData["info"];
export type Task = AirdropData["tasks"][number];
export type Round = AirdropData["rounds"][number];
