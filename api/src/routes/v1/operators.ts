import type { FastifyInstance } from "fastify";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { operatorRoutes } from "#contract/operators.ts";
import { setDeviceBan } from "#api/src/domain/accounts/bans.ts";
import { appealQueue, decideAppeal } from "#api/src/domain/appeals/appeals.ts";
import { banPerson, personPage, searchPeople } from "#api/src/domain/operators/people.ts";
import { auditPage } from "#api/src/domain/operators/audit.ts";
import { endConsoleSession } from "#api/src/domain/operators/console-sessions.ts";
import { banFarm, cluster, clusters, farmBans, undoFarmBan } from "#api/src/domain/operators/farms.ts";
import { ownPasskeys, revokeOwnPasskey } from "#api/src/domain/operators/operator-passkeys.ts";
import { consoleSignIn, consoleSignInOptions, enrol, enrolOptions } from "#api/src/domain/operators/passkeys.ts";
import { avatarQueue, decideAvatar, decidePhoto, photoQueue, waiting } from "#api/src/domain/operators/reviews.ts";
import { allStatusIcons, retireStatusIcon, upsertStatusIcon } from "#api/src/domain/profile/status.ts";
import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";
import { bind } from "#api/src/plugins/route.ts";

/** The operators' console's calls (decision 063); `auth: "operator"` lets no user's token in. */
export async function operatorsApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;

  bind(app, operatorRoutes.enrolOptions, ({ body }) => enrolOptions(ctx, body));
  // The contract checked the credential's shape and sizes; its signature is the domain's to check.
  bind(app, operatorRoutes.enrol, ({ body }) => enrol(ctx, { ...body, credential: body.credential as RegistrationResponseJSON }));
  bind(app, operatorRoutes.signInOptions, () => consoleSignInOptions(ctx));
  bind(app, operatorRoutes.signIn, ({ body }) => consoleSignIn(ctx, { credential: body.credential as AuthenticationResponseJSON }));
  bind(app, operatorRoutes.signOut, async ({ operator }) => {
    await endConsoleSession(ctx, operator);
    return {};
  });
  bind(app, operatorRoutes.me, ({ operator }) => waiting(ctx, operator));
  bind(app, operatorRoutes.myPasskeys, ({ operator }) => ownPasskeys(ctx, operator));
  bind(app, operatorRoutes.revokeMyPasskey, ({ operator, params }) => revokeOwnPasskey(ctx, operator, params.passkey_id));
  bind(app, operatorRoutes.avatars, () => avatarQueue(ctx));
  bind(app, operatorRoutes.reviewAvatar, ({ operator, params, body }) => decideAvatar(ctx, operator, params.user_id, body));
  bind(app, operatorRoutes.photos, () => photoQueue(ctx));
  bind(app, operatorRoutes.reviewPhoto, ({ operator, params, body }) => decidePhoto(ctx, operator, params.user_id, body));
  bind(app, operatorRoutes.audit, ({ query }) => auditPage(ctx, query));
  bind(app, operatorRoutes.statusIcons, async () => ({ items: await allStatusIcons(ctx) }));
  bind(app, operatorRoutes.setStatusIcon, async ({ operator, params, body }) => ({
    item: await upsertStatusIcon(ctx, { id: params.id, ...body, actor: operator.actor }),
  }));
  bind(app, operatorRoutes.retireStatusIcon, async ({ operator, params }) => {
    const retired = await retireStatusIcon(ctx, { id: params.id, actor: operator.actor });
    if (!retired) throw new Failure(ErrorCode.badRequest, 400, `no status ${params.id}`);
    return retired;
  });
  bind(app, operatorRoutes.farms, () => clusters(ctx));
  bind(app, operatorRoutes.farm, ({ params }) => cluster(ctx, params.cluster_id));
  bind(app, operatorRoutes.banFarm, ({ operator, params, body }) => banFarm(ctx, operator, params.cluster_id, body));
  bind(app, operatorRoutes.farmBans, () => farmBans(ctx));
  bind(app, operatorRoutes.people, ({ operator, query }) => searchPeople(ctx, operator, query.q));
  bind(app, operatorRoutes.person, ({ operator, params, query }) => personPage(ctx, operator, params.user_id, query.ledger_cursor));
  bind(app, operatorRoutes.banPerson, ({ operator, params, body }) => banPerson(ctx, operator, params.user_id, body));
  bind(app, operatorRoutes.banDevice, async ({ operator, body }) => {
    await setDeviceBan(ctx, { ...body, reason: body.banned ? body.reason : undefined, actor: operator.actor });
    return {};
  });
  bind(app, operatorRoutes.appeals, async () => ({ items: await appealQueue(ctx) }));
  bind(app, operatorRoutes.decideAppeal, ({ operator, params, body }) =>
    decideAppeal(ctx, { appealId: params.appeal_id, ...body, actor: operator.actor }),
  );
  bind(app, operatorRoutes.undoFarmBan, ({ operator, params }) => undoFarmBan(ctx, operator, params.ban_id));
}
