import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setUserBan } from "#api/src/domain/accounts/bans.ts";
import { correctBalance } from "#api/src/domain/ledger/corrections.ts";
import { ledgerDifferences } from "#api/src/domain/ledger/verify.ts";
import { fuzzParameters, fuzzRuns } from "../setup/fuzz-size.ts";
import { createTestApi, type TestApi } from "../setup/test-api.ts";
import { distributeOne, roundConfig, setInRound } from "./airdrop-helpers.ts";
import { signUp } from "./helpers.ts";

// Property: whatever users do, in whatever order (start, rounds closing, claims, a bonus task,
// gifts, exchanges, bans, deletions, operators' corrections), every balance equals the sum of
// its ledger lines after every step. Refused steps are part of the sequences: a refusal must
// leave the books as they were. 3 sequences in `npm test`, 12 in `npm run test:deep`
// (tests/setup/fuzz-size.ts); steps run one at a time, so PGlite is enough (docs/testing.md).
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(roundConfig({ TOKEN_IDLE_DAYS: "365", SUSPEND_THRESHOLD: "2" }));
});
afterAll(async () => api.close());

type User = Awaited<ReturnType<typeof signUp>>;
const PEOPLE = 4;
const who = fc.integer({ min: 0, max: PEOPLE - 1 });

// Rounds and claims weigh more: a round pays only those who started before the one before it.
const step = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("start" as const), u: who }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant("round" as const) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant("claim" as const), u: who }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("task" as const), u: who }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("gift" as const), from: who, to: who }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("exchange" as const), lead: who, join: who }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("correct" as const), u: who, power: fc.integer({ min: -50, max: 50 }) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("ban" as const), u: who }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant("delete" as const), u: who }), weight: 1 },
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

// Rounds only move forward, across runs too.
let round = 300;

async function freeStone(u: User): Promise<number | undefined> {
  const answer = await u.client.call("GET", "/v1/mint/force_stone/");
  // A refusal (a banned account's) carries no list.
  if (answer.body.code !== 0) return undefined;
  return answer.body.data.list.find((s: { status: string }) => s.status === "init")?.force_stone_id;
}

async function run(people: User[], s: Step): Promise<void> {
  switch (s.op) {
    case "start":
      await people[s.u].client.call("POST", "/v1/mint/start/");
      return;
    case "round":
      round += 1;
      setInRound(api, round + 1);
      await distributeOne(api, round);
      return;
    case "claim":
      await people[s.u].client.call("POST", "/v1/mint/collect/");
      return;
    case "task":
      await people[s.u].client.call("PUT", "/v1/mint/twitter/", { twitter: `@prop_${people[s.u].user.id}` });
      await people[s.u].client.call("POST", "/v1/mint/task/bonus/collect/", undefined, { bonus_type: "1" });
      return;
    case "gift": {
      const boxes = await people[s.from].client.call("GET", "/v1/mint/force_box/");
      const code = boxes.body.code === 0 ? boxes.body.data.list[0]?.code : undefined;
      if (code) await people[s.to].client.call("POST", "/v1/mint/force_box/use/", { code });
      return;
    }
    case "exchange": {
      const [lead, join] = [people[s.lead], people[s.join]];
      const stone = await freeStone(lead);
      if (stone === undefined) return;
      const made = await lead.client.call("POST", "/v1/mint/force_stone/team/", { force_stone_id: stone, member_count: 2 });
      const joining = await freeStone(join);
      const formed = made.body.code === 0;
      if (formed && joining !== undefined) {
        await join.client.call("POST", "/v1/mint/force_stone/team/join/", { code: made.body.data.code, force_stone_id: joining });
      }
      if (formed) await lead.client.call("DELETE", `/v1/mint/force_stone/team/${made.body.data.team_id}/`);
      return;
    }
    case "correct":
      await correctBalance(api.domain, {
        email: people[s.u].email,
        asset: "power",
        amount: s.power || 1,
        reason: "test",
        actor: "prop",
      }).catch((error: Error) => expect(error.message).toMatch(/below 0/));
      return;
    case "ban":
      await setUserBan(api.domain, { email: people[s.u].email, banned: true, actor: "prop" });
      return;
    case "delete":
      await people[s.u].client.call("POST", "/v1/user/delete/", { confirm: "DELETE" });
      return;
  }
}

test("after every step of any sequence, each balance is the sum of its ledger lines", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 18 }), async (steps) => {
      setInRound(api, round + 1, 5);
      // A two-level team and one outsider: team moves and Team Power in every sequence.
      const top = await signUp(api);
      const middle = await signUp(api, { invite: top.user.invite_code });
      const bottom = await signUp(api, { invite: middle.user.invite_code });
      const outsider = await signUp(api);
      const people = [top, middle, bottom, outsider];
      const ids = people.map((p) => p.user.id);
      for (const s of steps) {
        await run(people, s);
        expect(await ledgerDifferences(api.domain, ids), JSON.stringify(s)).toEqual([]);
      }
    }),
    fuzzParameters(fuzzRuns({ small: 3, full: 12 })),
  );
}, 120_000);
