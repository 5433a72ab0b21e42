import { createConnection } from "node:net";

// The asking side of the service's operator socket (ops-socket.ts), apart from the side that
// answers: the CLI, and the end-to-end tests, reach the service without loading what runs the
// commands.

/** The socket's name in DATA_DIR. */
export const OPS_SOCKET = "ops.sock";

export interface OpsRequest {
  argv: string[];
  /**
   * The machine user that ran the CLI, its acts audited as "cli:<it>". The socket is the service
   * user's alone (0600), so only that user or root can send one, and either could open the
   * database and write the audit log itself; Node shows no peer credentials to check it against.
   */
  machineUser: string;
}

export interface OpsAnswer {
  output: string;
  exitCode: number;
}

/** Sends a command line to the running service; undefined when no service listens there. */
export function askService(path: string, request: OpsRequest): Promise<OpsAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as OpsAnswer);
      } catch {
        reject(new Error("the service answered no result"));
      }
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
  });
}
