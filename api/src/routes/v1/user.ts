import type { FastifyInstance } from "fastify";
import { routes } from "../../../../contract/routes.ts";
import * as accounts from "../../domain/accounts.ts";
import { sendCode } from "../../domain/code-mail.ts";
import { issueDid } from "../../domain/devices.ts";
import { updateProfile } from "../../domain/profile.ts";
import { bind } from "../../plugins/route.ts";

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;

  bind(app, routes.did, async () => ({ did: await issueDid(ctx) }));

  bind(app, routes.sendCode, ({ body, query, request }) =>
    sendCode(ctx, { email: body.email, purpose: body.purpose, ip: request.ip, language: query.ui_lang ?? query.lang }),
  );

  bind(app, routes.register, async ({ body, query }) => {
    const session = await accounts.register(ctx, {
      email: body.email,
      code: body.code,
      inviteCode: body.invite_code || undefined,
      did: query.did,
      uiLang: body.ui_lang ?? query.ui_lang,
      lang: body.lang ?? query.lang,
    });
    return { user: session.user, token: session.token, did: session.did };
  });

  bind(app, routes.login, async ({ body, query }) => {
    const session = await accounts.login(ctx, { email: body.email, code: body.code, did: query.did });
    return { user: session.user, token: session.token, did: session.did };
  });

  bind(app, routes.logout, async ({ principal }) => {
    await accounts.logout(ctx, principal);
    return {};
  });

  bind(app, routes.me, ({ principal }) => accounts.profile(ctx, principal));

  for (const spec of [routes.updateMePut, routes.updateMePost]) {
    bind(app, spec, async ({ principal, body }) => ({ user: await updateProfile(ctx, principal, body) }));
  }

  bind(app, routes.bindInvite, async ({ principal, body }) => ({
    user: await accounts.bindInviter(ctx, principal, body.invite_code),
  }));

  bind(app, routes.invite, async ({ principal }) => {
    const user = await accounts.profile(ctx, principal);
    return { invite_code: user.invite_code, invite_link: user.invite_link };
  });
}
