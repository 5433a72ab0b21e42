import type { BonusTask } from "#contract/airdrop.ts";
import { BONUS_TASK_ORDER, BonusType, type BonusTypeValue } from "#contract/bonus-tasks.ts";
import { ErrorCode } from "#contract/errors.ts";
import { toEpochSeconds } from "#contract/time.ts";
import type { NativeApp } from "#contract/wire.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { inTransaction, type DomainContext } from "#api/src/domain/context.ts";
import { grantPower } from "#api/src/domain/power/grants.ts";
import type { UserRow } from "#api/src/domain/profile/users.ts";
import { airdropFacts, type AirdropFacts } from "./facts.ts";
import { followClaimAt } from "./social.ts";
import { rules } from "#api/src/domain/rules/in-force.ts";

/** The power grant each task pays, once per user; the app upgrade is once per app version. */
function grantReason(ctx: DomainContext, type: BonusTypeValue): string {
  switch (type) {
    case BonusType.bindSocial:
      return "bind";
    case BonusType.followOfficial:
      return "follow";
    case BonusType.inviteFriends:
      return "invite";
    case BonusType.appUpgrade:
      return `upgrade:${ctx.config.APP_LATEST_VCODE}`;
  }
}

// English for API clients; the web app shows its own translation by bonus_type.
function englishText(ctx: DomainContext, type: BonusTypeValue): [string, string] {
  const friends = rules(ctx).INVITE_FRIENDS;
  const minutes = Math.ceil(rules(ctx).FOLLOW_WAIT_SECONDS / 60);
  switch (type) {
    case BonusType.bindSocial:
      return ["Bind your X account", "Link your social account to your VV profile."];
    case BonusType.followOfficial:
      return ["Follow the official account", `Follow us on X, then claim ${minutes} minute(s) later.`];
    case BonusType.inviteFriends:
      return [`Invite ${friends} friends`, `${friends} friends you invited start their airdrop.`];
    case BonusType.appUpgrade:
      return ["Upgrade the app", "Install the latest version of the app."];
  }
}

function onLatestApp(ctx: DomainContext, app: NativeApp | undefined): boolean {
  return !!app && Number(app.vcode) >= ctx.config.APP_LATEST_VCODE;
}

function onOldApp(ctx: DomainContext, app: NativeApp | undefined): boolean {
  return !!app && Number(app.vcode) < ctx.config.APP_LATEST_VCODE;
}

/** Every bonus task with whether it can be claimed now, the upgrade popups' flags and the task numbers. */
export function listTasks(ctx: DomainContext, user: UserRow, app: NativeApp | undefined, facts: AirdropFacts) {
  const { now, granted, startedInvitees: invited } = facts;
  const userId = user.id;
  const followAt = followClaimAt(ctx, user);
  const state: Record<BonusTypeValue, { power: number; ready: boolean; availableAt: Date | null }> = {
    [BonusType.bindSocial]: { power: rules(ctx).BIND_POWER, ready: !!user.socialHandle, availableAt: null },
    [BonusType.followOfficial]: { power: rules(ctx).FOLLOW_POWER, ready: !!followAt && followAt <= now, availableAt: followAt },
    [BonusType.inviteFriends]: { power: rules(ctx).INVITE_POWER, ready: invited >= rules(ctx).INVITE_FRIENDS, availableAt: null },
    [BonusType.appUpgrade]: { power: rules(ctx).UPGRADE_POWER, ready: onLatestApp(ctx, app), availableAt: null },
  };
  const list: BonusTask[] = BONUS_TASK_ORDER.map((type) => {
    const t = state[type];
    const collected = granted.has(grantReason(ctx, type));
    const [title, description] = englishText(ctx, type);
    return {
      user_id: userId,
      bonus_type: type,
      title,
      description,
      can_collect: t.ready && !collected,
      collected,
      power: t.power,
      available_at: t.availableAt ? toEpochSeconds(t.availableAt) : null,
    };
  });
  const upgrade = list.find((t) => t.bonus_type === BonusType.appUpgrade)!;
  return {
    list,
    gp_pop: upgrade.can_collect,
    power_amount: String(rules(ctx).UPGRADE_POWER),
    app_outdated: onOldApp(ctx, app),
    invite_friends: rules(ctx).INVITE_FRIENDS,
    invite_started: invited,
    follow_wait_seconds: rules(ctx).FOLLOW_WAIT_SECONDS,
  };
}

const NOT_YET: Record<BonusTypeValue, (task: BonusTask) => Failure> = {
  [BonusType.bindSocial]: () => new Failure(ErrorCode.bindSocialFirst),
  [BonusType.followOfficial]: (task) => new Failure(task.available_at ? ErrorCode.followWait : ErrorCode.followFirst),
  [BonusType.inviteFriends]: () => new Failure(ErrorCode.inviteNotEnough),
  [BonusType.appUpgrade]: () => new Failure(ErrorCode.bonusUnavailable),
};

/** Claims one bonus task's power, once; each refusal says what is missing. */
export async function claimBonus(ctx: DomainContext, user: UserRow, type: BonusTypeValue, app: NativeApp | undefined) {
  const userId = user.id;
  const { list } = listTasks(ctx, user, app, await airdropFacts(ctx, userId));
  const task = list.find((t) => t.bonus_type === type)!;
  if (task.collected) throw new Failure(ErrorCode.bonusCollected);
  if (!task.can_collect) throw NOT_YET[type](task);
  const kind = type === BonusType.appUpgrade ? "upgrade" : "task";
  const grant = { reason: grantReason(ctx, type), amount: task.power, kind, details: { task: type } } as const;
  const granted = await inTransaction(ctx, (tx) => grantPower(tx, userId, grant));
  if (!granted) throw new Failure(ErrorCode.bonusCollected);
  return { bonus_type: type, power: task.power };
}
