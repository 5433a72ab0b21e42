/**
 * Helpers for the team test files: teams built through the real calls, the team list walked
 * page by page and every answer checked against the contract's schemas.
 */
import { expect } from "vitest";
import { remindStateResult, teamListResult, type TeamList } from "#contract/team.ts";
import type { TestApi } from "../setup/test-api.ts";
import { expectOk, signUp, type Caller } from "./helpers.ts";

export type Member = Awaited<ReturnType<typeof signUp>>;

export async function teamPage(c: Caller, level: 1 | 2, cursor?: string): Promise<TeamList> {
  const data = expectOk<TeamList>(
    await c.call("GET", "/v1/mint/team/", undefined, { level: String(level), ...(cursor ? { cursor } : {}) }),
  );
  const parsed = teamListResult.strict().safeParse(data);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  return data;
}

/** Every page of one level, following next_cursor to the end. */
export async function wholeLevel(c: Caller, level: 1 | 2): Promise<{ pages: TeamList[]; ids: number[] }> {
  const pages = [await teamPage(c, level)];
  while (pages.at(-1)!.next_cursor) pages.push(await teamPage(c, level, pages.at(-1)!.next_cursor!));
  return { pages, ids: pages.flatMap((p) => p.list.map((m) => m.user_id)) };
}

/** `n` accounts invited by `inviter`, one registered per `stepSeconds` of test time. */
export async function invitees(api: TestApi, inviter: Member, n: number, stepSeconds = 1): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) {
    api.clock.advance(stepSeconds);
    out.push(await signUp(api, { invite: inviter.user.invite_code }));
  }
  return out;
}

export async function remindState(c: Caller) {
  const data = expectOk(await c.call("GET", "/v1/mint/team/suspend_remind/"));
  expect(remindStateResult.strict().safeParse(data).success, JSON.stringify(data)).toBe(true);
  return data as { remaining_time: number; reminders_left_today: number; suspended_members: number; not_started_members: number };
}

export const remind = (c: Caller) => c.call("POST", "/v1/mint/team/suspend_remind/");
