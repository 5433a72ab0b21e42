import type { FastifyInstance } from "fastify";
import { profileRoutes } from "#contract/profile.ts";
import { deleteAccount } from "#api/src/domain/profile/deletion.ts";
import { setStatus, statusConfig } from "#api/src/domain/profile/status.ts";
import { updateProfile } from "#api/src/domain/profile/update.ts";
import { toUser } from "#api/src/domain/profile/users.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function profileApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  bind(app, profileRoutes.me, async ({ principal }) => toUser(ctx, principal.account));
  bind(app, profileRoutes.airdropUser, async ({ principal }) => toUser(ctx, principal.account));
  bind(app, profileRoutes.airdropUserWithPower, async ({ principal }) => ({
    user: { ...toUser(ctx, principal.account), power: principal.account.power },
  }));
  for (const spec of [profileRoutes.updatePut, profileRoutes.updatePost]) {
    bind(app, spec, async ({ principal, body }) => ({ user: await updateProfile(ctx, principal.userId, body) }));
  }
  bind(app, profileRoutes.statusConfig, () => statusConfig(ctx));
  bind(app, profileRoutes.setStatus, async ({ principal, body }) => {
    await setStatus(ctx, principal.userId, body);
    return {};
  });
  bind(app, profileRoutes.deleteAccount, async ({ principal, body }) => {
    await deleteAccount(ctx, principal.userId, body);
    return {};
  });
}
