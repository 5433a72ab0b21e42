import { accountRoutes } from "./accounts.ts";
import { appealRoutes } from "./appeals.ts";
import { airdropRoutes } from "./airdrop.ts";
import { campaignRoutes } from "./campaign.ts";
import { filesRoutes } from "./files.ts";
import { mapRoutes } from "./map.ts";
import { passkeyRoutes } from "./passkeys.ts";
import { profileRoutes } from "./profile.ts";
import { pushRoutes } from "./push.ts";
import type { RouteSpec } from "./route.ts";
import { rulesRoutes } from "./rules.ts";
import { sessionRoutes } from "./sessions.ts";
import { teamRoutes } from "./team.ts";
import { toolsRoutes } from "./tools.ts";
import { ledgerRoutes } from "./ledger.ts";
import { operatorRoutes } from "./operators.ts";

/** Every /v1 call, by feature. Each feature's file holds its own entries; this only merges them. */
export const routes = {
  accounts: accountRoutes,
  sessions: sessionRoutes,
  passkeys: passkeyRoutes,
  profile: profileRoutes,
  team: teamRoutes,
  airdrop: airdropRoutes,
  tools: toolsRoutes,
  ledger: ledgerRoutes,
  map: mapRoutes,
  campaign: campaignRoutes,
  files: filesRoutes,
  push: pushRoutes,
  rules: rulesRoutes,
  operators: operatorRoutes,
  appeals: appealRoutes,
} as const;

export const allRoutes: readonly RouteSpec[] = Object.values(routes).flatMap((feature) => Object.values(feature));
