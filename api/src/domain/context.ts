import type { ApiConfig } from "#api/src/config.ts";
import type { Clock } from "#api/src/lib/clock.ts";
import type { Db } from "#api/src/db/client.ts";
import type { Mailer } from "#api/src/mail/mailer.ts";
import type { RuleBook } from "#api/src/domain/rules/book.ts";
import type { SocialNetwork } from "#api/src/social/social.ts";

/**
 * What every domain function gets first: the database, the settings, the published rules, time,
 * mail and the social network. Inside a transaction `db` is that transaction (see `inTransaction`).
 */
export interface DomainContext {
  db: Db;
  config: ApiConfig;
  /** The rule versions: read a rule through rules(ctx) (domain/rules/in-force.ts), never from config. */
  ruleBook: RuleBook;
  clock: Clock;
  mailer: Mailer;
  social: SocialNetwork;
}

/**
 * Runs `work` in one transaction. The context it receives carries the transaction, so every
 * domain function called with it takes part; nested calls become savepoints.
 */
export function inTransaction<T>(ctx: DomainContext, work: (tx: DomainContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx as unknown as Db }));
}
