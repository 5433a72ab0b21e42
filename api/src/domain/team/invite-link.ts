import { publicUrl } from "../../config.ts";
import type { DomainContext } from "../context.ts";

/** The link that opens registration with the invite code filled in. */
export function inviteLink(ctx: DomainContext, code: string): string {
  return publicUrl(ctx.config, `/register?invite=${encodeURIComponent(code)}`);
}
