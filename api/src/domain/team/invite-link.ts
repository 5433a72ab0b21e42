import { publicUrl } from "#api/src/config.ts";
import type { DomainContext } from "#api/src/domain/context.ts";

/** The link that opens registration with the code filled in: whoever registers by it joins the team. */
export function inviteLink(ctx: DomainContext, code: string): string {
  return publicUrl(ctx.config, `/register?invite=${encodeURIComponent(code)}`);
}
