import type { FastifyRequest } from "fastify";
import { APP_KEY_HEADER, nativeAppOf, type CommonQuery, type NativeApp } from "#contract/wire.ts";
import { sameHash } from "#lib/crypto.ts";

/**
 * The native app a call comes from: the common query names it, and the header proves it with
 * the operator's key. Without a configured key no call is native, so the upgrade reward is
 * never offered to a browser that typed `?os=android&vcode=99`.
 */
export function verifiedApp(request: FastifyRequest, query: CommonQuery, key: string | undefined): NativeApp | undefined {
  const sent = request.headers[APP_KEY_HEADER];
  if (!key || typeof sent !== "string" || !sameHash(sent, key)) return undefined;
  return nativeAppOf(query);
}
