import type { DomainContext } from "#api/src/domain/context.ts";
import { setDeviceBan, setUserBan } from "#api/src/domain/accounts/bans.ts";
import { appealQueue, decideAppeal } from "#api/src/domain/appeals/appeals.ts";
import { pendingApplications, reviewApplication } from "#api/src/domain/campaign/review.ts";
import { banCluster, clusterBanList, undoClusterBan } from "#api/src/domain/farms/bans.ts";
import { farmCluster, farmClusters } from "#api/src/domain/farms/clusters.ts";
import { correctBalance } from "#api/src/domain/ledger/corrections.ts";
import { ledgerDifferences } from "#api/src/domain/ledger/verify.ts";
import { operatorByEmail, passkeysOf, revokePasskey } from "#api/src/domain/operators/operator-passkeys.ts";
import { addOperator, listOperators, removeOperator } from "#api/src/domain/operators/operators.ts";
import { pendingAvatars, reviewAvatar } from "#api/src/domain/profile/avatar-review.ts";
import { allStatusIcons, retireStatusIcon, upsertStatusIcon } from "#api/src/domain/profile/status.ts";
import { cancelRules, listVersions, scheduleRules, type RuleChange } from "#api/src/domain/rules/versions.ts";
import { AVATAR_REASONS, BAN_REASONS, PHOTO_REASONS } from "#contract/moderation.ts";
import { unitsToDecimal } from "#contract/money.ts";

/**
 * The operator commands, apart from how they are reached: `npm run ops` runs them on a database
 * it opens, or asks the running service to run them (ops-socket.ts) when the embedded database
 * is the service's. The console calls the same domain functions. Their acts are audited as
 * "cli:<machine user>" (decision 067): the account that ran the CLI, never a name it was told.
 */

export const USAGE = `Operator commands (every change is audited as cli:<the machine user running it>):
  npm run ops -- operator-add <email>   make an operator of the operators' console (/console), or give one a
                                        new enrolment code: mailed, good once, for OPERATOR_ENROL_HOURS
  npm run ops -- operator-remove <email>
                                        end an operator's sessions and delete their passkeys: added again,
                                        they enrol a new one
  npm run ops -- operators              every operator, removed ones too
  npm run ops -- operator-passkeys <email>
                                        an operator's passkeys: id, added, last used, transports
  npm run ops -- operator-passkey-revoke <email> <id>
                                        revoke one (a lost laptop): it signs in no more, its sessions end
  npm run ops -- ban-user <email> [reason]
                                        ban a cheating account: logins revoked, no more rounds, gift boxes void,
                                        forming exchanges cancelled, invite code dead; its owner reads the
                                        reason (${BAN_REASONS.join(", ")}) in their language, and may appeal
  npm run ops -- unban-user <email>     mints again from the next round; nothing else comes back
  npm run ops -- appeals                the banned accounts' appeals waiting, oldest first: appeal id, user, reason, text
  npm run ops -- appeal-lift <appeal id> [note...]
                                        end the ban the appeal is about; its owner is mailed that they can sign in
  npm run ops -- appeal-uphold <appeal id> [note...]
                                        keep the ban; its owner is mailed when they may appeal again
  npm run ops -- ban-device <did>       refuse every login and registration from a device
  npm run ops -- unban-device <did>
  npm run ops -- avatars                the avatars waiting for review: user id, display id, picture
  npm run ops -- avatar-approve <user id>
                                        show the user's waiting avatar instead of the old one
  npm run ops -- avatar-reject <user id> <reason> [note...]
                                        drop it: the user keeps the old one and reads the reason
                                        (${AVATAR_REASONS.join(", ")}) in their language; the
                                        note is for the audit log only
  npm run ops -- applications           the campaign applications waiting for review
  npm run ops -- application-approve <user id>
                                        approve it: the applicant gets the share image
  npm run ops -- application-reject <user id> <reason> [note...]
                                        reject it; the applicant reads the reason (${PHOTO_REASONS.join(", ")})
                                        in their language and may apply again
  npm run ops -- status-icons           every status users may show, retired ones too
  npm run ops -- status-icon-set <id> <name> <icon> [sort]
                                        add or change a status and make it choosable (name: a
                                        key like working; icon: one emoji; new ones go last)
  npm run ops -- status-icon-off <id>   retire a status; users who show it show none
  npm run ops -- verify-ledger [user id...]
                                        every balance that is not the sum of its ledger lines (VV,
                                        unclaimed VV, BTC, Soul Power); fails when there is one
  npm run ops -- correct <email> vv|power <amount> <reason...>
                                        correct a balance with a ledger line and its reason: VV may
                                        only be added (e.g. 1.5), Soul Power either way (e.g. -20)
  npm run ops -- rules                  the rule versions: number, start, state, what each changed
  npm run ops -- schedule-rules --at <ISO time> --set KEY=VALUE [--set KEY=VALUE ...] [--note "why"]
                                        publish a new rule version on /rules, taking effect at that
                                        time: a round boundary at least the published notice ahead
                                        and after any version already scheduled; the keys not set
                                        keep the previous version's values (MIN_RULES_NOTICE_HOURS
                                        is a rule too: a shorter notice holds from its own start)
  npm run ops -- cancel-rules <version> withdraw the last scheduled version, at least 10 minutes
                                        before it starts
  npm run ops -- farm-clusters          the accounts that look like farms, highest score first: cluster id,
                                        size, score and each signal's points (nobody is banned by it)
  npm run ops -- farm-cluster <id>      a cluster's members and the evidence of each signal
  npm run ops -- farm-ban <cluster id> <reason>
                                        ban every member of the cluster in one audited act; the
                                        reasons: ${BAN_REASONS.join(", ")}
  npm run ops -- farm-bans              the cluster bans, newest first
  npm run ops -- farm-unban <ban id>    undo a cluster ban: exactly the accounts it banned
  npm run ops -- config                 print the effective API configuration
They open the database themselves; with the embedded one (no DATABASE_URL) while the service runs, they
are run by the service, through DATA_DIR/ops.sock (decision 061).`;

interface Command {
  /** How many arguments it takes: [least, most]. */
  arity: [number, number];
  run(ctx: DomainContext, args: string[], actor: string): Promise<string>;
}

/** `--at X --set A=1 --set B=2 --note "..."`: each flag's values, in order. */
function flags(args: string[], known: readonly string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i].replace(/^--/, "");
    if (!args[i].startsWith("--") || !known.includes(name) || args[i + 1] === undefined) {
      throw new Error(`unexpected ${args[i]}: the options are ${known.map((k) => `--${k}`).join(", ")}, each with a value`);
    }
    (found[name] ??= []).push(args[i + 1]);
  }
  return found;
}

const shownValue = (value: unknown) => (typeof value === "string" ? value : String(value));
const shownChanges = (changes: RuleChange[]) => changes.map((c) => `${c.key} ${shownValue(c.from)} -> ${shownValue(c.to)}`).join(", ");
const shownTime = (at: Date) => at.toISOString().replace(".000Z", "Z");

function integerArg(text: string, what: string): number {
  if (!/^-?\d{1,10}$/.test(text)) throw new Error(`not a ${what}: ${text}`);
  return Number(text);
}

const commands: Record<string, Command> = {
  "operator-add": {
    arity: [1, 1],
    run: async (ctx, [email], actor) => {
      const added = await addOperator(ctx, { email, actor });
      return `mailed an enrolment code to ${added.email}, good until ${shownTime(added.expiresAt)}: they enrol at /console/enrol`;
    },
  },
  "operator-remove": {
    arity: [1, 1],
    run: async (ctx, [email], actor) =>
      (await removeOperator(ctx, { email, actor })) ? `removed operator ${email}` : `no operator ${email}`,
  },
  operators: {
    arity: [0, 0],
    run: async (ctx) => {
      const rows = (await listOperators(ctx)).map(
        (o) => `${o.email}\t${shownTime(o.createdAt)}\t${o.createdBy}\t${o.removedAt ? `removed ${shownTime(o.removedAt)}` : "active"}`,
      );
      return rows.length ? ["email\tadded\tby\tstate", ...rows].join("\n") : "no operator yet: npm run ops -- operator-add <email>";
    },
  },
  "operator-passkeys": {
    arity: [1, 1],
    run: async (ctx, [email]) => {
      const operator = await operatorByEmail(ctx, email);
      if (!operator) return `no operator ${email}`;
      const rows = (await passkeysOf(ctx, operator.id)).map(
        (p) => `${p.id}\t${shownTime(p.createdAt)}\t${p.lastUsedAt ? shownTime(p.lastUsedAt) : "never"}\t${p.transports.join(",")}`,
      );
      return rows.length
        ? ["id\tadded\tlast used\ttransports", ...rows].join("\n")
        : `${operator.email} has no passkey: npm run ops -- operator-add ${operator.email} mails a code to enrol one`;
    },
  },
  "operator-passkey-revoke": {
    arity: [2, 2],
    run: async (ctx, [email, id], actor) => {
      const operator = await operatorByEmail(ctx, email);
      if (!operator) return `no operator ${email}`;
      const revoked = await revokePasskey(ctx, { operator, passkeyId: integerArg(id, "passkey id"), actor });
      return revoked ? `revoked passkey ${id} of ${operator.email}: it signs in no more` : `no passkey ${id} of ${operator.email}`;
    },
  },
  "ban-user": {
    arity: [1, 2],
    run: async (ctx, [email, reason], actor) =>
      (await setUserBan(ctx, { email, banned: true, reason, actor })) ? `banned ${email}` : `no account ${email}`,
  },
  "unban-user": {
    arity: [1, 1],
    run: async (ctx, [email], actor) =>
      (await setUserBan(ctx, { email, banned: false, actor })) ? `unbanned ${email}` : `no account ${email}`,
  },
  appeals: {
    arity: [0, 0],
    run: async (ctx) => {
      const waiting = await appealQueue(ctx);
      if (waiting.length === 0) return "no appeal waits";
      const rows = waiting.map((a) => `${a.id}\t${a.display_id} (id ${a.user_id})\t${a.ban_reason || "-"}\t${a.text.replace(/\s+/g, " ")}`);
      return ["appeal\tuser\treason\ttext", ...rows].join("\n");
    },
  },
  "appeal-lift": {
    arity: [1, Infinity],
    run: async (ctx, [id, ...note], actor) => {
      await decideAppeal(ctx, { appealId: integerArg(id, "appeal id"), lift: true, note: note.join(" "), actor });
      return `appeal ${id}: the ban is lifted`;
    },
  },
  "appeal-uphold": {
    arity: [1, Infinity],
    run: async (ctx, [id, ...note], actor) => {
      await decideAppeal(ctx, { appealId: integerArg(id, "appeal id"), lift: false, note: note.join(" "), actor });
      return `appeal ${id}: the ban stays`;
    },
  },
  "ban-device": {
    arity: [1, 1],
    run: async (ctx, [did], actor) => (await setDeviceBan(ctx, { did, banned: true, actor }), `banned device ${did}`),
  },
  "unban-device": {
    arity: [1, 1],
    run: async (ctx, [did], actor) => (await setDeviceBan(ctx, { did, banned: false, actor }), `unbanned device ${did}`),
  },
  avatars: {
    arity: [0, 0],
    run: async (ctx) => {
      const pending = await pendingAvatars(ctx);
      if (pending.length === 0) return "no avatar waits for review";
      return ["user id\tdisplay id\tavatar_new", ...pending.map((p) => `${p.userId}\t${p.displayId}\t${p.avatarNew}`)].join("\n");
    },
  },
  "avatar-approve": { arity: [1, 1], run: (ctx, [id], actor) => review(ctx, integerArg(id, "user id"), true, actor) },
  "avatar-reject": {
    arity: [2, 100],
    run: (ctx, [id, reason, ...note], actor) => review(ctx, integerArg(id, "user id"), false, actor, reason, note.join(" ")),
  },
  applications: {
    arity: [0, 0],
    run: async (ctx) => {
      const pending = await pendingApplications(ctx);
      if (pending.length === 0) return "no campaign application waits for review";
      const rows = pending.map(
        (p) => `${p.userId}\t${p.displayId}\t${p.name}\t${new Date(p.submittedAt * 1000).toISOString()}\t${p.photo}\t${p.contact}`,
      );
      return ["user id\tdisplay id\tname\tsubmitted\tphoto\tcontact", ...rows].join("\n");
    },
  },
  "application-approve": { arity: [1, 1], run: (ctx, [id], actor) => decideApplication(ctx, integerArg(id, "user id"), true, actor) },
  "application-reject": {
    arity: [2, 100],
    run: (ctx, [id, reason, ...note], actor) => decideApplication(ctx, integerArg(id, "user id"), false, actor, reason, note.join(" ")),
  },
  "status-icons": {
    arity: [0, 0],
    run: async (ctx) => {
      const rows = (await allStatusIcons(ctx)).map((s) => `${s.id}\t${s.name}\t${s.icon}\t${s.sort}\t${s.active ? "yes" : "no"}`);
      return ["id\tname\ticon\tsort\tactive", ...rows].join("\n");
    },
  },
  "status-icon-set": {
    arity: [3, 4],
    run: async (ctx, [id, name, icon, sort], actor) => {
      const row = await upsertStatusIcon(ctx, {
        id: integerArg(id, "status id"),
        name,
        icon,
        sort: sort === undefined ? undefined : integerArg(sort, "sort position"),
        actor,
      });
      return `status ${row.id} ${row.name} ${row.icon} at ${row.sort}, active`;
    },
  },
  "verify-ledger": {
    arity: [0, 1000],
    run: async (ctx, ids) => {
      const differences = await ledgerDifferences(ctx, ids.length ? ids.map((id) => integerArg(id, "user id")) : undefined);
      if (differences.length === 0) return "every balance is the sum of its ledger lines";
      const lines = differences.map((d) => `${d.userId}\t${d.asset}\t${d.balance}\t${d.ledger}`);
      throw new Error([`${differences.length} balance(s) differ from the ledger`, "user id\tasset\tbalance\tledger", ...lines].join("\n"));
    },
  },
  correct: {
    arity: [4, 1000],
    run: async (ctx, [email, asset, amount, ...reason], actor) => {
      if (asset !== "vv" && asset !== "power") throw new Error(`not vv or power: ${asset}`);
      const common = { email, reason: reason.join(" "), actor };
      const balance = await correctBalance(
        ctx,
        asset === "vv" ? { ...common, asset, amount } : { ...common, asset, amount: integerArg(amount, "power amount") },
      );
      return balance === undefined
        ? `no account ${email}`
        : `corrected ${asset} of ${email}: now ${asset === "vv" ? unitsToDecimal(BigInt(balance)) : balance}`;
    },
  },
  rules: {
    arity: [0, 0],
    run: async (ctx) => {
      const versions = await listVersions(ctx);
      if (versions.length === 0) return "no rule version yet: the service writes version 1 from its settings at its first start";
      const rows = versions.map(
        (v) =>
          `${v.version}\t${shownTime(v.effectiveAt)}\t${v.state}\t${v.version === 1 ? "first version" : shownChanges(v.changes)}\t${v.note}`,
      );
      return ["version\tfrom\tstate\tchanges\tnote", ...rows].join("\n");
    },
  },
  "schedule-rules": {
    arity: [4, 100],
    run: async (ctx, args, actor) => {
      const given = flags(args, ["at", "set", "note"]);
      if (given.at?.length !== 1 || !given.set) throw new Error("give one --at and at least one --set");
      if ((given.note?.length ?? 0) > 1) throw new Error("give at most one --note");
      const done = await scheduleRules(ctx, { at: given.at[0], set: given.set, note: given.note?.[0], actor });
      return `scheduled rule version ${done.version} from ${shownTime(done.effectiveAt)}: ${shownChanges(done.changes)}`;
    },
  },
  "cancel-rules": {
    arity: [1, 1],
    run: async (ctx, [version], actor) => {
      const done = await cancelRules(ctx, { version: integerArg(version, "version number"), actor });
      return `cancelled rule version ${version}, which was to start at ${shownTime(done.effectiveAt)}`;
    },
  },
  "farm-clusters": {
    arity: [0, 0],
    run: async (ctx) => {
      const clusters = await farmClusters(ctx);
      if (clusters.length === 0) return "no cluster of accounts scores as a farm";
      const rows = clusters.map(
        (c) => `${c.id}\t${c.members.length}\t${c.score}\t${c.parts.map((p) => `${p.signal} ${p.points}`).join(", ")}`,
      );
      return ["cluster id\tsize\tscore\tsignals (points)", ...rows].join("\n");
    },
  },
  "farm-cluster": {
    arity: [1, 1],
    run: async (ctx, [id]) => {
      const cluster = await farmCluster(ctx, id);
      if (!cluster) return `no cluster ${id} now: list them again with farm-clusters`;
      const parts = cluster.parts.map(
        (p) =>
          `${p.signal}: ${p.points} points (weight ${p.weight} x ${p.covered}/${cluster.members.length} members)\n` +
          p.evidence.map((e) => `  ${JSON.stringify(e)}`).join("\n"),
      );
      return [
        `cluster ${cluster.id}: ${cluster.members.length} accounts, score ${cluster.score}`,
        `members: ${cluster.members.join(" ")}`,
        ...parts,
      ].join("\n");
    },
  },
  "farm-ban": {
    arity: [2, 2],
    run: async (ctx, [id, reason], actor) => {
      const cluster = await farmCluster(ctx, id);
      if (!cluster) return `no cluster ${id} now: list them again with farm-clusters`;
      const ban = await banCluster(ctx, { clusterId: id, memberIds: cluster.members, reason, actor });
      return `cluster ban ${ban.id}: banned ${ban.banned.length} of ${ban.members.length} accounts (${reason}); undo with farm-unban ${ban.id}`;
    },
  },
  "farm-bans": {
    arity: [0, 0],
    run: async (ctx) => {
      const bans = await clusterBanList(ctx);
      if (bans.length === 0) return "no cluster ban yet";
      const rows = bans.map(
        (b) =>
          `${b.id}\t${shownTime(b.at)}\t${b.actor}\t${b.clusterId}\t${b.reason}\t${b.banned.length}\t${b.undoneAt ? `undone ${shownTime(b.undoneAt)} by ${b.undoneBy}` : "in force"}`,
      );
      return ["ban id\tat\tactor\tcluster\treason\tbanned\tstate", ...rows].join("\n");
    },
  },
  "farm-unban": {
    arity: [1, 1],
    run: async (ctx, [id], actor) => {
      const ban = await undoClusterBan(ctx, { banId: integerArg(id, "ban id"), actor });
      return `undid cluster ban ${ban.id}: its accounts are unbanned, except any banned otherwise since`;
    },
  },
  "status-icon-off": {
    arity: [1, 1],
    run: async (ctx, [id], actor) => {
      const retired = await retireStatusIcon(ctx, { id: integerArg(id, "status id"), actor });
      return retired ? `retired status ${id}; cleared from ${retired.cleared} user(s)` : `no status ${id}`;
    },
  },
};

async function review(
  ctx: DomainContext,
  userId: number,
  approve: boolean,
  actor: string,
  reason?: string,
  note?: string,
): Promise<string> {
  const url = await reviewAvatar(ctx, { userId, approve, reason, note, actor });
  if (url === undefined) return `no avatar of user ${userId} waits for review`;
  return `${approve ? "approved" : "rejected"} ${url} for user ${userId}`;
}

async function decideApplication(
  ctx: DomainContext,
  userId: number,
  approve: boolean,
  actor: string,
  reason?: string,
  note?: string,
): Promise<string> {
  const decided = await reviewApplication(ctx, { userId, approve, reason, note, actor });
  if (!decided) return `no campaign application of user ${userId} waits for review`;
  return `${approve ? "approved" : "rejected"} the campaign application of user ${userId}`;
}

/**
 * Runs one command line for the machine user that started the CLI (os.userInfo, from the process's
 * user id, not its environment): what to print, and the exit code (2: a usage error). Its acts are
 * audited as "cli:<machine user>", a name the console's "operator:<e-mail>" can never be.
 */
export async function runCommand(
  ctx: DomainContext,
  argv: string[],
  runner: { machineUser: string },
): Promise<{ output: string; exitCode: number }> {
  const [name, ...args] = argv;
  const command = Object.hasOwn(commands, name ?? "") ? commands[name] : undefined;
  if (!command || args.length < command.arity[0] || args.length > command.arity[1] || args.some((a) => !a)) {
    return { output: USAGE, exitCode: name ? 2 : 0 };
  }
  return { output: await command.run(ctx, args, `cli:${runner.machineUser}`), exitCode: 0 };
}

/** Whether a command line names a command (else it is answered with the usage, no database needed). */
export function isCommand(argv: string[]): boolean {
  return Object.hasOwn(commands, argv[0] ?? "");
}
