import { eq, sql } from "drizzle-orm";
import { NOTIFICATION_KINDS, type NotificationKind } from "#contract/notification-kinds.ts";
import type { NotificationSettings, NotificationSettingsInput } from "#contract/push.ts";
import { notificationSettings } from "#api/src/db/schema.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

type SettingsRow = typeof notificationSettings.$inferSelect;

interface QuietHours {
  start: string;
  end: string;
}

/** A user's settings row; none when they never changed anything (every default holds). */
export async function settingsRowOf(ctx: DomainContext, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/** The user's quiet hours (their own, or the operator's default), or null when they turned them off. */
export function quietHoursOf(ctx: DomainContext, row: SettingsRow | undefined): QuietHours | null {
  if (row && !row.quietHours) return null;
  return { start: row?.quietStart ?? ctx.config.PUSH_QUIET_START, end: row?.quietEnd ?? ctx.config.PUSH_QUIET_END };
}

export function isMuted(row: SettingsRow | undefined, kind: string): boolean {
  return row?.mutedKinds.includes(kind) ?? false;
}

function wire(ctx: DomainContext, row: SettingsRow | undefined): NotificationSettings {
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !isMuted(row, k)])) as Record<NotificationKind, boolean>,
    quiet_hours: row?.quietHours ?? true,
    quiet_start: row?.quietStart ?? ctx.config.PUSH_QUIET_START,
    quiet_end: row?.quietEnd ?? ctx.config.PUSH_QUIET_END,
    round_email: row?.roundEmail ?? false,
  };
}

export async function notificationSettingsOf(ctx: DomainContext, userId: number): Promise<NotificationSettings> {
  return wire(ctx, await settingsRowOf(ctx, userId));
}

const textArray = (values: string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/**
 * Changes the fields given and keeps the others. One upsert that computes the new values from
 * the stored ones, so two saves at once (two devices) each change only what they sent.
 * One end of the quiet hours alone keeps the other as it was (or the operator's default).
 */
export async function saveNotificationSettings(
  ctx: DomainContext,
  userId: number,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const kinds = Object.entries(input.kinds ?? {});
  const off = kinds.filter(([, on]) => on === false).map(([k]) => k);
  const on = kinds.filter(([, on]) => on === true).map(([k]) => k);
  const times = input.quiet_start !== undefined || input.quiet_end !== undefined;
  const start = times ? (input.quiet_start ?? ctx.config.PUSH_QUIET_START) : null;
  const end = times ? (input.quiet_end ?? ctx.config.PUSH_QUIET_END) : null;
  const t = notificationSettings;
  const [row] = await ctx.db
    .insert(t)
    .values({
      userId,
      mutedKinds: off,
      quietHours: input.quiet_hours ?? true,
      quietStart: start,
      quietEnd: end,
      roundEmail: input.round_email ?? false,
      updatedAt: ctx.clock.now(),
    })
    .onConflictDoUpdate({
      target: t.userId,
      set: {
        mutedKinds: sql`array(
          select distinct k from unnest(${t.mutedKinds} || ${textArray(off)}) as k
          where k <> all(${textArray(on)}) order by k)`,
        quietHours: input.quiet_hours ?? sql`${t.quietHours}`,
        quietStart: input.quiet_start ?? (times ? sql`coalesce(${t.quietStart}, ${ctx.config.PUSH_QUIET_START})` : sql`${t.quietStart}`),
        quietEnd: input.quiet_end ?? (times ? sql`coalesce(${t.quietEnd}, ${ctx.config.PUSH_QUIET_END})` : sql`${t.quietEnd}`),
        roundEmail: input.round_email ?? sql`${t.roundEmail}`,
        updatedAt: ctx.clock.now(),
      },
    })
    .returning();
  return wire(ctx, row);
}
