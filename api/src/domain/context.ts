import type { ApiConfig } from "../config.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SocialNetwork } from "../social/social.ts";

/** What every domain function needs: the database, the rules' numbers, time, mail and the social network. */
export interface DomainContext {
  db: Db;
  config: ApiConfig;
  clock: Clock;
  mailer: Mailer;
  social: SocialNetwork;
}
