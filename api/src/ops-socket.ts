import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { Logger } from "pino";
import type { DomainContext } from "./domain/context.ts";
import { runCommand } from "./cli/ops-commands.ts";
import type { OpsAnswer, OpsRequest } from "./ops-ask.ts";

/** The most a command line may be, in bytes: a few arguments, never a stream. */
const MAX_REQUEST = 64 * 1024;

/**
 * The embedded database is one process's (its folder lock), so while the service runs, `npm run
 * ops` cannot open it: the service takes the command lines on a Unix socket in DATA_DIR instead
 * (decision 061) and runs them with its own database, the same functions the CLI would have run.
 * The socket is the owner's alone (0600), as the data folder is: whoever may open it could have
 * opened the database itself. One JSON line in, one out.
 */
export async function listenForOps(ctx: DomainContext, path: string, log: Logger): Promise<Server | undefined> {
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST) return void socket.destroy();
      const end = received.indexOf("\n");
      if (end < 0) return;
      socket.pause();
      void answer(ctx, received.slice(0, end), log).then((result) => socket.end(`${JSON.stringify(result)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => resolve());
    });
  } catch (err) {
    log.warn({ err, path }, "operator commands cannot reach this service: stop it to run npm run ops");
    return undefined;
  }
  chmodSync(path, 0o600);
  return server;
}

async function answer(ctx: DomainContext, line: string, log: Logger): Promise<OpsAnswer> {
  let request: OpsRequest;
  try {
    request = JSON.parse(line) as OpsRequest;
    const { argv, machineUser } = request;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string") || typeof machineUser !== "string" || !machineUser)
      throw new Error();
  } catch {
    return { output: "not an operator command", exitCode: 2 };
  }
  try {
    return await runCommand(ctx, request.argv, { machineUser: request.machineUser });
  } catch (error) {
    log.warn({ err: error, command: request.argv[0] }, "operator command failed");
    return { output: `failed: ${(error as Error).message}`, exitCode: 1 };
  }
}
