/**
 * Network faults of the tests' own making: ports nothing listens on, servers that
 * take a connection and never answer, and a forwarder that can be opened and cut like a Redis
 * that comes and goes.
 */
import { connect, createServer, type Server, type Socket } from "node:net";

/** A port nothing listens on: one the system gave, then closed. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface FakeServer {
  port: number;
  /** Connections open now. */
  sockets: Set<Socket>;
  /** Connections taken since it opened. */
  accepted(): number;
  close(): Promise<void>;
}

/** A server on a loopback port of its own; `answer` gets each connection (by default: nothing, ever, a black hole). */
export async function fakeServer(answer: (socket: Socket) => void = () => {}): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    answer(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    sockets,
    accepted: () => accepted,
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * `port` forwarded to `to`. `freeze()` keeps every connection open, and takes new ones, but
 * passes nothing on either way (a server that hangs); `thaw()` undoes it. `close()` drops every
 * connection, as a server that dies does.
 */
export async function forwarder(
  port: number,
  to: { host: string; port: number },
): Promise<{ freeze(): void; thaw(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let frozen = false;
  const server: Server = createServer((inbound) => {
    const outbound = connect(to);
    for (const [from, into] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(from);
      from.on("error", () => {});
      from.on("data", (chunk) => {
        if (!frozen) into.write(chunk);
      });
      from.on("close", () => {
        sockets.delete(from);
        into.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    freeze: () => void (frozen = true),
    thaw: () => void (frozen = false),
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
