import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CommonQuery } from "#contract/wire.ts";
import { accountRoutes } from "#contract/accounts.ts";
import { changeEmail, sendChangeEmailCode } from "#api/src/domain/accounts/change-email.ts";
import { issueDid } from "#api/src/domain/accounts/devices.ts";
import { bindPushToken } from "#api/src/domain/accounts/push-tokens.ts";
import { sendCode } from "#api/src/domain/accounts/send-code.ts";
import { login, register } from "#api/src/domain/accounts/sign-in.ts";
import { signupChallenge, type SpentProofs } from "#api/src/domain/accounts/signup-proof.ts";
import { logout } from "#api/src/domain/accounts/tokens.ts";
import { verifiedApp } from "#api/src/lib/native-app.ts";
import { countCode } from "#api/src/metrics.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function accountsApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  const agentOf = (request: FastifyRequest, query: CommonQuery) => ({
    userAgent: request.headers["user-agent"],
    nativeApp: !!verifiedApp(request, query, ctx.config.NATIVE_APP_KEY),
    ip: request.ip,
  });

  // A proof is spent for as long as it could be used: one point per proof, over its lifetime.
  const spentLimiter = app.rateLimits.limiter("signup-proof-spent", 1, ctx.config.SIGNUP_POW_TTL_SECONDS);
  const spent: SpentProofs = { spend: async (id) => (await spentLimiter.take(id)) === 0 };

  bind(app, accountRoutes.did, async () => ({ did: issueDid(ctx) }));

  bind(app, accountRoutes.sendCode, ({ body, query, request }) =>
    countCode(
      body.purpose,
      sendCode(ctx, {
        email: body.email,
        purpose: body.purpose,
        ip: request.ip,
        language: query.ui_lang ?? query.lang,
        did: query.did,
        inviteCode: body.invite_code || undefined,
        friction: { proof: body.proof || undefined, spent },
      }),
    ),
  );

  bind(app, accountRoutes.signupChallenge, ({ body, request }) => signupChallenge(ctx, { email: body.email, ip: request.ip }));

  bind(app, accountRoutes.register, ({ body, query, request }) =>
    register(ctx, {
      ...agentOf(request, query),
      email: body.email,
      code: body.code,
      inviteCode: body.invite_code || undefined,
      did: query.did,
      uiLang: body.ui_lang ?? query.ui_lang,
      lang: body.lang ?? query.lang,
      friction: { ip: request.ip, proof: body.proof || undefined, spent },
    }),
  );

  bind(app, accountRoutes.login, ({ body, query, request }) =>
    login(ctx, { email: body.email, code: body.code, did: query.did, ...agentOf(request, query) }),
  );

  bind(app, accountRoutes.logout, async ({ principal, body }) => {
    await logout(ctx, principal, { webPushEndpoint: body.web_push_endpoint });
    return {};
  });

  bind(app, accountRoutes.changeEmailSend, ({ principal, body, query, request }) =>
    countCode(
      "change_email",
      sendChangeEmailCode(ctx, principal, { email: body.email, ip: request.ip, did: query.did ?? principal.did ?? undefined }),
    ),
  );

  bind(app, accountRoutes.changeEmail, ({ principal, body, query }) =>
    changeEmail(ctx, principal, { email: body.email, code: body.code, did: query.did ?? principal.did ?? undefined }),
  );

  bind(app, accountRoutes.pushToken, async ({ principal, body, query }) => {
    await bindPushToken(ctx, principal, { did: query.did, token: body.token, platform: body.platform });
    return {};
  });
}
