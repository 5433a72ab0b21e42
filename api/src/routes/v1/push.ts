import type { FastifyInstance } from "fastify";
import { pushRoutes } from "#contract/push.ts";
import { unsubscribeRoundEmail } from "#api/src/domain/push/round-email.ts";
import { notificationSettingsOf, saveNotificationSettings } from "#api/src/domain/push/settings.ts";
import { subscribeWebPush, unsubscribeWebPush } from "#api/src/domain/push/subscriptions.ts";
import { vapidKeyPair } from "#api/src/domain/push/vapid.ts";
import { bind } from "#api/src/plugins/route.ts";

export async function pushApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;

  bind(app, pushRoutes.key, async () => ({ public_key: (await vapidKeyPair(ctx)).publicKey }));

  bind(app, pushRoutes.subscribe, async ({ principal, body }) => {
    await subscribeWebPush(ctx, principal, body);
    return {};
  });

  bind(app, pushRoutes.unsubscribe, async ({ principal, body }) => {
    await unsubscribeWebPush(ctx, principal.userId, { endpoint: body.endpoint });
    return {};
  });

  bind(app, pushRoutes.settings, ({ principal }) => notificationSettingsOf(ctx, principal.userId));

  bind(app, pushRoutes.saveSettings, ({ principal, body }) => saveNotificationSettings(ctx, principal.userId, body));

  bind(app, pushRoutes.unsubscribeRoundEmail, async ({ body }) => {
    await unsubscribeRoundEmail(ctx, body.token);
    return {};
  });
}
