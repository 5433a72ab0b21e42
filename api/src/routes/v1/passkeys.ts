import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { passkeyRoutes } from "#contract/passkeys.ts";
import type { CommonQuery } from "#contract/wire.ts";
import { listPasskeys, removePasskey, renamePasskey } from "#api/src/domain/passkeys/listing.ts";
import { addOptions, addPasskey } from "#api/src/domain/passkeys/registration.ts";
import { signInOptions, signInWithPasskey } from "#api/src/domain/passkeys/sign-in.ts";
import { verifiedApp } from "#api/src/lib/native-app.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function passkeysApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;
  const agentOf = (request: FastifyRequest, query: CommonQuery) => ({
    userAgent: request.headers["user-agent"],
    nativeApp: !!verifiedApp(request, query, ctx.config.NATIVE_APP_KEY),
    ip: request.ip,
  });

  bind(app, passkeyRoutes.signInOptions, ({ query }) => signInOptions(ctx, { did: query.did }));

  // The contract checked the credential's shape and sizes; its signature is the domain's to check.
  bind(app, passkeyRoutes.signIn, ({ body, query, request }) =>
    signInWithPasskey(ctx, { credential: body.credential as AuthenticationResponseJSON, did: query.did, ...agentOf(request, query) }),
  );

  bind(app, passkeyRoutes.list, ({ principal }) => listPasskeys(ctx, principal));

  bind(app, passkeyRoutes.addOptions, ({ principal }) => addOptions(ctx, principal));

  bind(app, passkeyRoutes.add, ({ principal, body, query, request }) =>
    addPasskey(ctx, principal, { credential: body.credential as RegistrationResponseJSON, ...agentOf(request, query) }),
  );

  bind(app, passkeyRoutes.rename, async ({ principal, body }) => {
    await renamePasskey(ctx, principal, body);
    return {};
  });

  bind(app, passkeyRoutes.remove, async ({ principal, body }) => {
    await removePasskey(ctx, principal, body);
    return {};
  });
}
