import type { DomainContext } from "#api/src/domain/context.ts";

/**
 * The rules version in force at `at`. Until rule versions are kept in the database (issue 27
 * item 4), the environment's settings are the one version there is: 1.
 */
export async function ruleVersionAt(_ctx: DomainContext, _at: Date): Promise<number> {
  return 1;
}
