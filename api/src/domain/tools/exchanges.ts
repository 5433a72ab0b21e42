import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { ErrorCode } from "../../../../contract/errors.ts";
import type { TeamInfo } from "../../../../contract/tools.ts";
import { toEpochSeconds } from "../../../../contract/time.ts";
import { exchangePairs, forceStones, forceTeamMembers, forceTeams, users } from "../../db/schema.ts";
import { randomCode } from "../../../../lib/crypto.ts";
import { uniqueViolation } from "../../lib/db-errors.ts";
import { Failure } from "../../lib/failure.ts";
import { inGoodStanding, requireGoodStanding, type Standing } from "../accounts/standing.ts";
import { inTransaction, type DomainContext } from "../context.ts";
import { grantPower } from "../power/grants.ts";
import { maskedDisplayId, teammateName } from "../team/members.ts";
import { exchangeGain, makeDueStones } from "./stones.ts";

type TeamRow = typeof forceTeams.$inferSelect;

const EXCHANGE_CODE = /^[A-Z0-9]{4,16}$/;
const active = isNull(forceTeamMembers.leftAt);

/**
 * The exchange, locked for the rest of the transaction: joins, leaves, cancels and starts take
 * turns, and so does the deletion or ban of a participant, which cancels or leaves it under this
 * lock. With its leader's standing (deleted, banned).
 */
async function lockTeam(tx: DomainContext, where: ReturnType<typeof eq>): Promise<(TeamRow & { leader: Standing }) | undefined> {
  const [row] = await tx.db
    .select({ team: forceTeams, leader: { deletedAt: users.deletedAt, bannedAt: users.bannedAt } })
    .from(forceTeams)
    .innerJoin(users, eq(users.id, forceTeams.leaderId))
    .where(where)
    .for("update", { of: forceTeams });
  return row && { ...row.team, leader: row.leader };
}

/** Participants still in the exchange, leader first then by arrival, with their stones and names. */
function participants(ctx: DomainContext, teamId: number) {
  return ctx.db
    .select({
      userId: forceTeamMembers.userId,
      gained: forceTeamMembers.gained,
      stoneId: forceStones.id,
      power: forceStones.power,
      buffRatio: forceStones.buffRatio,
      name: users.name,
      displayId: users.displayId,
    })
    .from(forceTeamMembers)
    .innerJoin(forceStones, eq(forceStones.id, forceTeamMembers.stoneId))
    .innerJoin(users, eq(users.id, forceTeamMembers.userId))
    .where(and(eq(forceTeamMembers.teamId, teamId), active))
    .orderBy(asc(forceTeamMembers.joinedAt), asc(forceTeamMembers.userId));
}

/** The exchange as `viewerId` sees it: what each participant brought and gains (so far, while forming). */
export async function teamInfoOf(ctx: DomainContext, team: TeamRow, viewerId: number): Promise<TeamInfo> {
  const rows = await participants(ctx, team.id);
  const leaderFirst = [...rows.filter((r) => r.userId === team.leaderId), ...rows.filter((r) => r.userId !== team.leaderId)];
  const ratioSum = rows.reduce((sum, r) => sum + r.buffRatio, 0);
  return {
    team_id: team.id,
    code: team.code,
    status: team.status,
    member_count: team.quota,
    members: leaderFirst.map((r) => ({
      user_id: r.userId,
      user_display_id: maskedDisplayId(r.displayId),
      name: teammateName(r),
      user_name: r.name,
      power: r.power,
      buff_ratio: r.buffRatio,
      success_power: r.gained ?? exchangeGain(r.power, ratioSum),
      is_me: r.userId === viewerId,
      is_leader: r.userId === team.leaderId,
    })),
    is_leader: team.leaderId === viewerId,
    created_at: toEpochSeconds(team.createdAt),
    completed_at: team.completedAt ? toEpochSeconds(team.completedAt) : null,
  };
}

/** An exchange the user leads or has ever joined (a participant who left still sees how it went). */
export async function viewTeam(ctx: DomainContext, userId: number, teamId: number): Promise<TeamInfo> {
  const [team] = await ctx.db.select().from(forceTeams).where(eq(forceTeams.id, teamId));
  if (!team) throw new Failure(ErrorCode.exchangeNotMember);
  if (team.leaderId !== userId) {
    const [row] = await ctx.db
      .select({ userId: forceTeamMembers.userId })
      .from(forceTeamMembers)
      .where(and(eq(forceTeamMembers.teamId, teamId), eq(forceTeamMembers.userId, userId)));
    if (!row) throw new Failure(ErrorCode.exchangeNotMember);
  }
  return teamInfoOf(ctx, team, userId);
}

/** The forming exchange the user is in, if any. */
export async function openTeamOf(ctx: DomainContext, userId: number): Promise<TeamRow | undefined> {
  const [row] = await ctx.db
    .select({ team: forceTeams })
    .from(forceTeamMembers)
    .innerJoin(forceTeams, eq(forceTeams.id, forceTeamMembers.teamId))
    .where(and(eq(forceTeamMembers.userId, userId), isNull(forceTeamMembers.completedAt), active));
  return row?.team;
}

/** Puts the user's free stone into the exchange; refused when it is not theirs, used, or already in one. */
async function commitStone(tx: DomainContext, userId: number, stoneId: number, teamId: number): Promise<void> {
  const [stone] = await tx.db
    .update(forceStones)
    .set({ teamId })
    .where(and(eq(forceStones.id, stoneId), eq(forceStones.userId, userId), isNull(forceStones.usedAt), isNull(forceStones.teamId)))
    .returning({ id: forceStones.id });
  if (!stone) throw new Failure(ErrorCode.stoneUnavailable);
}

/** Adds the participant; the open-membership key refuses a user already forming another exchange. */
async function addParticipant(tx: DomainContext, teamId: number, userId: number, stoneId: number): Promise<void> {
  try {
    await tx.db
      .insert(forceTeamMembers)
      .values({ teamId, userId, stoneId, joinedAt: tx.clock.now() })
      .onConflictDoUpdate({
        target: [forceTeamMembers.teamId, forceTeamMembers.userId],
        set: { stoneId, joinedAt: tx.clock.now(), leftAt: null },
      });
  } catch (error) {
    if (uniqueViolation(error) === "force_team_members_open_key") throw new Failure(ErrorCode.exchangeBusy);
    throw error;
  }
}

/** Starts an exchange: the leader's stone in, a code for the others, waiting for `quota` participants. */
export async function createTeam(ctx: DomainContext, userId: number, input: { stoneId: number; quota: number }): Promise<TeamInfo> {
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    await makeDueStones(tx, userId);
    if (await openTeamOf(tx, userId)) throw new Failure(ErrorCode.exchangeBusy);
    const [team] = await tx.db
      .insert(forceTeams)
      .values({ code: randomCode(8), leaderId: userId, quota: input.quota, status: "wait", createdAt: tx.clock.now() })
      .returning();
    await commitStone(tx, userId, input.stoneId, team.id);
    await addParticipant(tx, team.id, userId, input.stoneId);
    return teamInfoOf(tx, team, userId);
  });
}

/** The exchange's refusals that depend only on its state: a completed or cancelled one changes no more. */
function refuseClosed(team: TeamRow): void {
  if (team.status === "completed") throw new Failure(ErrorCode.exchangeCompleted);
  if (team.status === "cancelled") throw new Failure(ErrorCode.exchangeCancelled);
}

/**
 * Joins an exchange by its code with one of the user's free stones. Taking the last place
 * completes it at once. Joining again with the exchange already joined answers it unchanged.
 */
export async function joinTeam(ctx: DomainContext, userId: number, input: { code: string; stoneId: number }): Promise<TeamInfo> {
  const code = input.code.trim().toUpperCase();
  if (!EXCHANGE_CODE.test(code)) throw new Failure(ErrorCode.exchangeCodeWrong);
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    const team = await lockTeam(tx, eq(forceTeams.code, code));
    if (!team) throw new Failure(ErrorCode.exchangeCodeWrong);
    if (team.leaderId === userId) throw new Failure(ErrorCode.exchangeOwn);
    refuseClosed(team);
    // Its leader's deletion or ban cancelled it under this lock; one an older version of the API
    // left forming answers as cancelled too.
    if (!inGoodStanding(team.leader)) throw new Failure(ErrorCode.exchangeCancelled);
    const current = await participants(tx, team.id);
    if (current.some((p) => p.userId === userId)) return teamInfoOf(tx, team, userId);
    if (current.length >= team.quota) throw new Failure(ErrorCode.exchangeFull);
    const others = current.map((p) => p.userId);
    const [pair] = await tx.db
      .select({ teamId: exchangePairs.teamId })
      .from(exchangePairs)
      .where(
        or(
          and(eq(exchangePairs.userLow, userId), inArray(exchangePairs.userHigh, others)),
          and(eq(exchangePairs.userHigh, userId), inArray(exchangePairs.userLow, others)),
        ),
      )
      .limit(1);
    if (pair) throw new Failure(ErrorCode.exchangePairDone);
    await makeDueStones(tx, userId);
    await commitStone(tx, userId, input.stoneId, team.id);
    await addParticipant(tx, team.id, userId, input.stoneId);
    const done = current.length + 1 === team.quota ? await complete(tx, team) : team;
    return teamInfoOf(tx, done, userId);
  });
}

/**
 * Completes a full exchange: each participant's due stones are made first (their held count
 * is about to drop), then every stone is used, each participant gains their power, and each
 * pair is recorded so it never exchanges again.
 */
async function complete(tx: DomainContext, team: TeamRow): Promise<TeamRow> {
  const rows = await participants(tx, team.id);
  const ids = rows.map((r) => r.userId).sort((a, b) => a - b);
  for (const userId of ids) await makeDueStones(tx, userId);
  const now = tx.clock.now();
  const ratioSum = rows.reduce((sum, r) => sum + r.buffRatio, 0);
  for (const r of rows) {
    const gained = exchangeGain(r.power, ratioSum);
    await tx.db
      .update(forceTeamMembers)
      .set({ gained, completedAt: now })
      .where(and(eq(forceTeamMembers.teamId, team.id), eq(forceTeamMembers.userId, r.userId)));
    await tx.db.update(forceStones).set({ usedAt: now }).where(eq(forceStones.id, r.stoneId));
    await grantPower(tx, r.userId, { reason: `exchange:${team.id}`, amount: gained });
  }
  const pairs = ids.flatMap((low, i) => ids.slice(i + 1).map((high) => ({ userLow: low, userHigh: high, teamId: team.id })));
  if (pairs.length) await tx.db.insert(exchangePairs).values(pairs);
  const [done] = await tx.db
    .update(forceTeams)
    .set({ status: "completed", completedAt: now })
    .where(eq(forceTeams.id, team.id))
    .returning();
  return done;
}

/** The leader's start: completes a full exchange; a completed one answers as it is. */
export async function startTeam(ctx: DomainContext, userId: number, teamId: number): Promise<TeamInfo> {
  return inTransaction(ctx, async (tx) => {
    await requireGoodStanding(tx, userId);
    const team = await lockTeam(tx, eq(forceTeams.id, teamId));
    if (!team) throw new Failure(ErrorCode.exchangeNotMember);
    if (team.leaderId !== userId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    if (team.status === "completed") return teamInfoOf(tx, team, userId);
    refuseClosed(team);
    const current = await participants(tx, team.id);
    if (current.length < team.quota) throw new Failure(ErrorCode.exchangeNotFull);
    return teamInfoOf(tx, await complete(tx, team), userId);
  });
}

/** Takes participants out of a forming exchange; their stones are free again. */
async function release(tx: DomainContext, teamId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.db
    .update(forceTeamMembers)
    .set({ leftAt: tx.clock.now() })
    .where(and(eq(forceTeamMembers.teamId, teamId), inArray(forceTeamMembers.userId, userIds), active));
  await tx.db
    .update(forceStones)
    .set({ teamId: null })
    .where(and(eq(forceStones.teamId, teamId), inArray(forceStones.userId, userIds), isNull(forceStones.usedAt)));
}

/** The leader cancels a forming exchange: every stone returns. Cancelling again changes nothing. */
export async function cancelTeam(ctx: DomainContext, userId: number, teamId: number): Promise<Record<string, never>> {
  return inTransaction(ctx, async (tx) => {
    const team = await lockTeam(tx, eq(forceTeams.id, teamId));
    if (!team) throw new Failure(ErrorCode.exchangeNotMember);
    if (team.leaderId !== userId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    if (team.status === "cancelled") return {};
    refuseClosed(team);
    await cancel(tx, team);
    return {};
  });
}

/** Cancels a forming exchange, locked: every participant's stone returns. */
async function cancel(tx: DomainContext, team: TeamRow): Promise<void> {
  await release(tx, team.id, (await participants(tx, team.id)).map((p) => p.userId));
  await tx.db.update(forceTeams).set({ status: "cancelled" }).where(eq(forceTeams.id, team.id));
}

/**
 * What deleting or banning an account does to its exchanges, in that transaction:
 * the forming one it leads is cancelled and the others' stones return, as on the leader's cancel;
 * from one it joined it leaves, as a participant may, and the exchange goes on without it.
 * Completed and cancelled ones stay as they are.
 */
export async function endExchangesOf(tx: DomainContext, userId: number): Promise<void> {
  const open = await openTeamOf(tx, userId);
  if (!open) return;
  const team = await lockTeam(tx, eq(forceTeams.id, open.id));
  if (team?.status !== "wait") return;
  if (team.leaderId === userId) await cancel(tx, team);
  else await release(tx, team.id, [userId]);
}

/**
 * The leader removes a participant, or a participant leaves; the stone returns. The leader
 * "leaving" cancels the exchange.
 */
export async function removeMember(ctx: DomainContext, userId: number, input: { teamId: number; memberId: number }): Promise<Record<string, never>> {
  return inTransaction(ctx, async (tx) => {
    const team = await lockTeam(tx, eq(forceTeams.id, input.teamId));
    if (!team) throw new Failure(ErrorCode.exchangeNotMember);
    if (input.memberId === team.leaderId) {
      if (userId !== team.leaderId) throw new Failure(ErrorCode.exchangeLeaderOnly);
      return cancelTeam(tx, userId, team.id);
    }
    if (userId !== team.leaderId && userId !== input.memberId) throw new Failure(ErrorCode.exchangeLeaderOnly);
    refuseClosed(team);
    const current = await participants(tx, team.id);
    if (!current.some((p) => p.userId === input.memberId)) throw new Failure(ErrorCode.exchangeNotMember);
    await release(tx, team.id, [input.memberId]);
    return {};
  });
}

