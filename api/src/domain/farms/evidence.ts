import { eq, lt } from "drizzle-orm";
import { accountEvents } from "#api/src/db/schema.ts";
import { keyedHash } from "#lib/crypto.ts";
import { ipNetwork, isLoopback } from "#lib/ip-network.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

export type AccountEventKind = "register" | "login";

/**
 * The network an address belongs to: its IPv4 /24 or IPv6 /48, what one household, office or
 * rented proxy range shares (a mapped IPv4 address counts as IPv4). Undefined for anything else,
 * and for loopback: that is this machine (a proxy TRUST_PROXY does not name, or a test), whose
 * clients would all look like one network.
 */
export function ipPrefix(ip: string): string | undefined {
  return isLoopback(ip) ? undefined : ipNetwork(ip, { v4: 24, v6: 48 });
}

/** The prefix as stored: keyed by the API secret, so the table alone never tells a network. */
export function ipPrefixHash(ctx: DomainContext, ip: string | undefined): string | null {
  const prefix = ip ? ipPrefix(ip) : undefined;
  return prefix ? keyedHash(ctx.config.API_SECRET, `farm-ip-prefix:${prefix}`) : null;
}

/** Keeps a sign-up's or sign-in's evidence; with `ctx` from `inTransaction`, part of it. */
export async function recordAccountEvent(
  ctx: DomainContext,
  input: { userId: number; kind: AccountEventKind; did: string | null; ip?: string },
): Promise<void> {
  await ctx.db.insert(accountEvents).values({
    userId: input.userId,
    kind: input.kind,
    at: ctx.clock.now(),
    did: input.did,
    ipPrefixHash: ipPrefixHash(ctx, input.ip),
  });
}

/** Deletes the evidence older than FARM_EVIDENCE_DAYS; returns how many rows went. */
export async function sweepEvidence(ctx: DomainContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ctx.config.FARM_EVIDENCE_DAYS * 86_400_000);
  const gone = await ctx.db.delete(accountEvents).where(lt(accountEvents.at, before)).returning({ id: accountEvents.id });
  return gone.length;
}

/** A deleted account's evidence: gone with the account, not kept to its term. */
export async function forgetAccountEvents(ctx: DomainContext, userId: number): Promise<void> {
  await ctx.db.delete(accountEvents).where(eq(accountEvents.userId, userId));
}
