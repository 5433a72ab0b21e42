import { userInfo } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { askService, OPS_SOCKET } from "#api/src/ops-ask.ts";
import { E2E } from "./env.ts";

/**
 * An operator command run by the run's server, as `npm run ops` beside it would have it run (the
 * embedded database is the server's: the CLI hands it the command line through DATA_DIR/ops.sock,
 * decision 061): what it printed. The line goes to the socket from here, without the CLI's own
 * process, whose start costs seconds of a CPU; the CLI's side of the socket is proven by
 * console.spec.ts (operator-add through the real CLI) and tests/api/ops-socket.test.ts.
 */
export async function runOps(...args: string[]): Promise<string> {
  const answer = await askService(join(E2E.dataDir, OPS_SOCKET), { argv: args, machineUser: userInfo().username });
  expect(answer, "the e2e server answers on its operator socket").toBeDefined();
  expect(answer!.exitCode, answer!.output).toBe(0);
  return answer!.output;
}
