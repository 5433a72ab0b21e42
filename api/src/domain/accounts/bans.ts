import { eq } from "drizzle-orm";
import { auditLog, devices, users } from "../../db/schema.ts";
import { inTransaction, type DomainContext } from "../context.ts";
import { normalizeEmail } from "./email.ts";
import { revokeAllTokens } from "./tokens.ts";

/** Operator actions (rules.md §8): each one changes the data and writes its audit row in one transaction. */
export async function setUserBan(ctx: DomainContext, input: { email: string; banned: boolean; actor: string }): Promise<boolean> {
  return inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const [user] = await tx.db
      .update(users)
      .set({ bannedAt: input.banned ? at : null })
      .where(eq(users.email, normalizeEmail(input.email)))
      .returning({ id: users.id });
    if (!user) return false;
    if (input.banned) await revokeAllTokens(tx, user.id);
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: input.banned ? "user.ban" : "user.unban",
      target: `user:${user.id}`,
    });
    return true;
  });
}

export async function setDeviceBan(ctx: DomainContext, input: { did: string; banned: boolean; actor: string }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const at = tx.clock.now();
    const bannedAt = input.banned ? at : null;
    await tx.db
      .insert(devices)
      .values({ did: input.did, createdAt: at, bannedAt })
      .onConflictDoUpdate({ target: devices.did, set: { bannedAt } });
    await tx.db.insert(auditLog).values({
      at,
      actor: input.actor,
      action: input.banned ? "device.ban" : "device.unban",
      target: `device:${input.did}`,
    });
  });
}
