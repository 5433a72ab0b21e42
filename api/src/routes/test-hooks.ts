import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "#contract/envelope.ts";
import { ErrorCode } from "#contract/errors.ts";
import { canonicalEmail } from "#api/src/domain/accounts/email.ts";
import { issueCode } from "#api/src/domain/accounts/otp.ts";
import { register } from "#api/src/domain/accounts/sign-in.ts";
import { issueDid } from "#api/src/domain/accounts/devices.ts";
import { catchUp } from "#api/src/domain/airdrop/distribution.ts";
import { startAirdrop } from "#api/src/domain/airdrop/claims.ts";
import { currentRound, roundClosesAt, scheduleOf } from "#api/src/domain/airdrop/schedule.ts";
import { canAdvance } from "#api/src/lib/clock.ts";
import { Failure } from "#api/src/lib/failure.ts";

const accountBody = z.object({
  email: z.string(),
  ui_lang: z.string().optional(),
  invite_code: z.string().optional(),
  /** The browser's, so the session's device is named as a sign-up from it would name it. */
  user_agent: z.string().optional(),
  /** The airdrop started too, as the first tap on /airdrop does. */
  start_airdrop: z.boolean().optional(),
});

const advanceBody = z.object({ seconds: z.number().int().min(1).max(86_400) });

/**
 * Test-only routes (decision 069), registered only when TEST_HOOKS is on; with it off these
 * paths are unknown (404) like any other. Not in the contract: no client of the product calls them.
 *
 * - POST /v1/test/accounts: an account as the sign-up makes it (the same register(), with a code
 *   issued and spent on the spot, no mail), signed in on a new device: its token and device id,
 *   for the e2e fixture to put into a signed session cookie.
 * - POST /v1/test/rounds/close: moves the server's clock to the close of the round in progress and
 *   distributes it before answering, so a test has its next round now instead of waiting for it.
 * - POST /v1/test/clock/advance: moves the server's clock forward by `seconds` (at most a day), so
 *   a test sees a wait of the server's end (the sign-up's wait ticket) without sleeping through it.
 */
export async function testHooksApi(app: FastifyInstance): Promise<void> {
  const ctx = app.domain;

  app.post("/v1/test/accounts", async (request) => {
    const parsed = accountBody.safeParse(request.body ?? {});
    if (!parsed.success) throw new Failure(ErrorCode.badRequest, 400);
    const body = parsed.data;
    const did = issueDid(ctx);
    const { code } = await issueCode(ctx, { email: canonicalEmail(body.email), purpose: "register", ip: "test-hooks", did });
    const session = await register(ctx, {
      email: body.email,
      code,
      did,
      inviteCode: body.invite_code || undefined,
      uiLang: body.ui_lang,
      lang: body.ui_lang,
      userAgent: body.user_agent,
    });
    if (body.start_airdrop) await startAirdrop(ctx, session.user.id);
    return ok({ token: session.token, did: session.did, user: session.user });
  });

  app.post("/v1/test/clock/advance", async (request) => {
    const parsed = advanceBody.safeParse(request.body ?? {});
    if (!parsed.success || !canAdvance(ctx.clock)) throw new Failure(ErrorCode.badRequest, 400);
    ctx.clock.advance(parsed.data.seconds);
    return ok({ now: Math.floor(ctx.clock.now().getTime() / 1000) });
  });

  app.post("/v1/test/rounds/close", async () => {
    const clock = ctx.clock;
    if (!canAdvance(clock)) throw new Failure(ErrorCode.badRequest, 400);
    const schedule = scheduleOf(ctx);
    const now = clock.now();
    const round = currentRound(schedule, now);
    clock.advance((roundClosesAt(schedule, round).getTime() - now.getTime()) / 1000);
    await catchUp(ctx);
    return ok({ closed: round });
  });
}
