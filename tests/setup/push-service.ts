import { createECDH, randomBytes, randomUUID, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

/** The API's settings for a test that sends to the local push service: local endpoints allowed, short sends. */
export const PUSH_TEST_SETTINGS = {
  PUSH_ENDPOINT_ALLOW_LOCAL: "true",
  PUSH_SEND_TIMEOUT_MS: "500",
  VAPID_SUBJECT: "mailto:push-ops@example.com",
} as const;

/** What the local push service received. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type PushService = ReturnType<typeof pushService>;

/** A push service on 127.0.0.1: it answers each path as told (201 by default), or never. */
export function pushService() {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; headers?: Record<string, string> } | "never">();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const answer = answers.get(req.url!) ?? { status: 201 };
      if (answer !== "never") res.writeHead(answer.status, answer.headers).end();
    });
  });
  return {
    received,
    answers,
    base: "",
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A browser's push subscription: its own P-256 key pair and 16-byte auth secret, as PushManager makes them. */
export interface Browser {
  ecdh: ECDH;
  auth: Buffer;
  path: string;
  endpoint: string;
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** A browser subscribed at the given push service. */
export function browserAt(service: PushService): Browser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomUUID()}`;
  const endpoint = `${service.base}${path}`;
  return {
    ecdh,
    auth,
    path,
    endpoint,
    json: { endpoint, keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") } },
  };
}

/** What the push service received for this browser. */
export const receivedBy = (service: PushService, b: Browser) => service.received.filter((r) => r.path === b.path);

/** A received push as the browser decrypts it. */
export function decrypted(arrived: Received, b: Browser): Record<string, unknown> {
  return JSON.parse(ece.decrypt(arrived.body, { version: "aes128gcm", privateKey: b.ecdh, authSecret: b.auth }).toString("utf8"));
}

/** Every push this browser received, decrypted, in order. */
export const noticesAt = (service: PushService, b: Browser) => receivedBy(service, b).map((r) => decrypted(r, b));
