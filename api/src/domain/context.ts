import type { ApiConfig } from "../config.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What every domain function needs: the database, the rules' numbers, time and mail. */
export interface DomainContext {
  db: Db;
  config: ApiConfig;
  clock: Clock;
  mailer: Mailer;
}
