import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { auditLog, devices, users } from "../db/schema.ts";
import { revokeAllTokens } from "./accounts.ts";
import { normalizeEmail } from "./email.ts";

/** Operator actions (rules.md §8): each one changes the data and writes its audit row in one transaction. */
export async function setUserBan(db: Db, input: { email: string; banned: boolean; actor: string; at: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ bannedAt: input.banned ? input.at : null })
      .where(eq(users.email, normalizeEmail(input.email)))
      .returning({ id: users.id });
    if (!user) return false;
    if (input.banned) await revokeAllTokens(tx, user.id, input.at);
    await tx.insert(auditLog).values({
      at: input.at,
      actor: input.actor,
      action: input.banned ? "user.ban" : "user.unban",
      target: `user:${user.id}`,
    });
    return true;
  });
}

export async function setDeviceBan(db: Db, input: { did: string; banned: boolean; actor: string; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const bannedAt = input.banned ? input.at : null;
    await tx
      .insert(devices)
      .values({ did: input.did, createdAt: input.at, bannedAt })
      .onConflictDoUpdate({ target: devices.did, set: { bannedAt } });
    await tx.insert(auditLog).values({
      at: input.at,
      actor: input.actor,
      action: input.banned ? "device.ban" : "device.unban",
      target: `device:${input.did}`,
    });
  });
}
