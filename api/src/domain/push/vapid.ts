import webPush from "web-push";
import type { Db } from "#api/src/db/client.ts";
import { vapidKeys } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const stored = new WeakMap<Db, Promise<VapidKeyPair>>();

/**
 * The VAPID key pair Web Push is signed with (docs/decisions/043): the settings' pair, or else
 * the one kept in the database, made by whichever instance needs it first. Every subscription is
 * bound to the public key it was made with, so all instances must sign with the same pair.
 */
export function vapidKeyPair(ctx: DomainContext): Promise<VapidKeyPair> {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = ctx.config;
  if (publicKey && privateKey) return Promise.resolve({ publicKey, privateKey });
  let pair = stored.get(ctx.db);
  if (!pair) {
    pair = storedPair(ctx);
    stored.set(ctx.db, pair);
    // A failed read is tried again by the next call.
    pair.catch(() => stored.delete(ctx.db));
  }
  return pair;
}

async function storedPair(ctx: DomainContext): Promise<VapidKeyPair> {
  const [found] = await ctx.db.select().from(vapidKeys);
  if (found) return { publicKey: found.publicKey, privateKey: found.privateKey };
  const made = webPush.generateVAPIDKeys();
  // Instances starting together each make a pair; the first insert wins and all read it back.
  await ctx.db
    .insert(vapidKeys)
    .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  const [kept] = await ctx.db.select().from(vapidKeys);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey };
}
