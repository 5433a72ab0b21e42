import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, type WriteStream } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { closeGraceMs } from "#lib/config/shared.ts";

/** One JSON line of an instance's pino log, as far as the cluster reads it. */
export interface LogEntry {
  pid?: number;
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

export interface InstanceSpec {
  /** "api-1", "web-2": also its server name in the balancer. */
  name: string;
  kind: "api" | "web";
  port: number;
  /** Its whole environment: nothing of the caller's shell is added. */
  env: Record<string, string | undefined>;
  /** Where its standard output and error go, appended across restarts; unset: kept in memory only. */
  logFile?: string;
  /** Called with each JSON log line it prints (a test counts rounds and requests this way). */
  onLog?: (entry: LogEntry) => void;
}

const SCRIPT = { api: "api/src/server.ts", web: "server.ts" } as const;
/** What is kept of an instance's output for a failure's report. */
const KEEP = 20_000;

/**
 * An API or a web app as its own node process (`npm run api`, `npm run serve`), started in a
 * process group of its own so a Ctrl-C in the terminal reaches the cluster script alone, which
 * then drains and stops each instance in order. It can be stopped and started again (a restart).
 */
export class Instance {
  readonly url: string;
  private child?: ChildProcess;
  private exited: Promise<number | null> = Promise.resolve(null);
  private running = false;
  private output = "";
  private log?: WriteStream;

  constructor(readonly spec: InstanceSpec) {
    this.url = `http://127.0.0.1:${spec.port}`;
  }

  get name(): string {
    return this.spec.name;
  }

  /** The node process serving now (no npx or tsx above it: a signal reaches the server itself). */
  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /** What it printed last, for an error's report. */
  tail(): string {
    return `--- ${this.name} (end of its output) ---\n${this.output.slice(-4000)}`;
  }

  /** Starts the process and resolves once its own /healthz answers 200. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.log ??= this.spec.logFile ? createWriteStream(this.spec.logFile, { flags: "a" }) : undefined;
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT[this.spec.kind]], {
      env: this.spec.env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    this.child = child;
    this.running = true;
    this.exited = new Promise((resolve) =>
      child.on("exit", (code) => {
        this.running = false;
        resolve(code);
      }),
    );
    let pending = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      this.keep(chunk);
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      if (this.spec.onLog) for (const line of lines) this.parse(line);
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => this.keep(chunk));
    await this.waitHealthy(timeoutMs);
  }

  private keep(chunk: string): void {
    this.output = (this.output + chunk).slice(-KEEP);
    this.log?.write(chunk);
  }

  private parse(line: string): void {
    if (!line.startsWith("{")) return;
    let entry: LogEntry;
    try {
      entry = JSON.parse(line) as LogEntry;
    } catch {
      return;
    }
    this.spec.onLog!(entry);
  }

  private async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`${this.name} exited before answering /healthz\n${this.tail()}`);
      try {
        if ((await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} did not answer /healthz in ${timeoutMs / 1000} s\n${this.tail()}`);
      await sleep(100);
    }
  }

  /**
   * SIGTERM, as an orchestrator stops it: it drains (SHUTDOWN_DRAIN_MS), answers what is in
   * flight and exits by itself. Resolves with its exit code; one still running after its grace
   * delay and two seconds more is killed (null).
   */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running) return child?.exitCode ?? null;
    child.kill("SIGTERM");
    const grace = closeGraceMs(Number(this.spec.env.SHUTDOWN_DRAIN_MS ?? 0)) + 2000;
    const code = await Promise.race([this.exited, sleep(grace, "late" as const)]);
    if (code !== "late") return code;
    this.kill();
    await this.exited;
    return null;
  }

  /** At once, whatever it is doing: its whole process group. */
  kill(): void {
    if (!this.child?.pid || !this.running) return;
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }

  /** Resolves when the process exits (at once when it is not running), with its exit code. */
  whenExited(): Promise<number | null> {
    return this.exited;
  }

  close(): void {
    this.log?.end();
    this.log = undefined;
  }
}
