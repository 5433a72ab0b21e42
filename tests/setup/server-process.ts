import { spawn, type ChildProcess } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it has written, stdout and stderr. */
  output(): string;
  /** SIGTERM, as an orchestrator stops it; SIGKILL if it has not exited 15 s later. */
  stop(): Promise<void>;
}

/**
 * The real server.ts (or another entry) in a process of its own, with only the environment given
 * (and PATH, HOME), once its /livez answers at `base`; its stdout lines go to `onLine` too.
 */
export async function startServerProcess(opts: {
  args: string[];
  env: NodeJS.ProcessEnv;
  base: string;
  onLine?: (line: string) => void;
}): Promise<ServerProcess> {
  let output = "";
  const child = spawn(process.execPath, opts.args, {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let pending = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    pending += chunk;
    const parts = pending.split("\n");
    pending = parts.pop()!;
    for (const part of parts) opts.onLine?.(part);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.args.at(-1)} exited with ${child.exitCode}\n${output}`);
    const up = await fetch(`${opts.base}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${opts.args.at(-1)} did not answer /livez in 90 s\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => output, stop };
}
