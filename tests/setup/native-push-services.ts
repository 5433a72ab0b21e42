import { generateKeyPairSync, sign, verify, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How a fake push service answers one device token: each answer once, in order, then 200. */
export interface Answer {
  status: number;
  body?: object;
  headers?: Record<string, string>;
}

/** A JWT's parts, if its signature verifies with `key`; undefined otherwise. */
function verifiedJwt(jwt: string, key: KeyObject, alg: "RS256" | "ES256") {
  const [header, claims, signature] = jwt.split(".");
  if (!header || !claims || !signature) return undefined;
  const input = Buffer.from(`${header}.${claims}`);
  const sig = Buffer.from(signature, "base64url");
  const ok = alg === "ES256" ? verify("sha256", input, { key, dsaEncoding: "ieee-p1363" }, sig) : verify("sha256", input, key, sig);
  if (!ok) return undefined;
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  return { header: decode(header), claims: decode(claims) };
}

const nextAnswer = (answers: Map<string, Answer[]>, token: string): Answer => answers.get(token)?.shift() ?? { status: 200 };

/** A temporary folder for credential files, removed with `remove()`. */
export function credentialsFolder() {
  const dir = mkdtempSync(join(tmpdir(), "vv-native-push-"));
  return {
    dir,
    write(name: string, content: string): string {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * FCM on 127.0.0.1, over HTTP/1.1 as Google serves it to most clients: an OAuth token endpoint
 * that grants an access token only for an assertion signed by the service account's key (the
 * test keeps the public half), and HTTP v1's messages:send, which takes only those tokens.
 */
export function fakeFcm() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientEmail = "vv-push@vv-test-project.iam.gserviceaccount.com";
  const projectId = "vv-test-project";
  const granted = new Set<string>();
  const assertions: { iss: string; aud: string; scope: string; iat: number; exp: number }[] = [];
  const received: { token: string; authorization: string; message: Record<string, any> }[] = [];
  const answers = new Map<string, Answer[]>();
  const service = {
    projectId,
    clientEmail,
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    assertions,
    received,
    answers,
    base: "",
    /** What the API reads: a service account JSON key, as Firebase's console gives it. */
    serviceAccount(): string {
      return JSON.stringify({
        type: "service_account",
        project_id: projectId,
        private_key_id: "0123456789abcdef",
        private_key: service.privateKeyPem,
        client_email: clientEmail,
        token_uri: `${service.base}/token`,
      });
    },
    settings(accountFile: string) {
      return { FCM_SERVICE_ACCOUNT_FILE: accountFile, FCM_TOKEN_URL: `${service.base}/token`, FCM_URL: service.base };
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      service.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const json = (res: http.ServerResponse, status: number, body: object, headers: Record<string, string> = {}) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (req.method === "POST" && req.url === "/token") {
        const form = new URLSearchParams(text);
        const jwt = verifiedJwt(form.get("assertion") ?? "", publicKey, "RS256");
        const claims = jwt?.claims;
        const valid =
          form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" &&
          jwt?.header.alg === "RS256" &&
          claims?.iss === clientEmail &&
          claims?.aud === `${service.base}/token` &&
          claims?.scope === "https://www.googleapis.com/auth/firebase.messaging" &&
          claims.exp - claims.iat <= 3600;
        if (!valid) return json(res, 400, { error: "invalid_grant" });
        assertions.push(claims);
        const accessToken = `ya29.test-${granted.size + 1}`;
        granted.add(accessToken);
        return json(res, 200, { access_token: accessToken, expires_in: 3599, token_type: "Bearer" });
      }
      if (req.method === "POST" && req.url === `/v1/projects/${projectId}/messages:send`) {
        const authorization = req.headers.authorization ?? "";
        if (!granted.has(authorization.replace(/^Bearer /, ""))) return json(res, 401, { error: { status: "UNAUTHENTICATED" } });
        const { message } = JSON.parse(text);
        received.push({ token: message.token, authorization, message });
        const answer = nextAnswer(answers, message.token);
        return json(res, answer.status, answer.body ?? { name: `projects/${projectId}/messages/${received.length}` }, answer.headers);
      }
      json(res, 404, { error: { status: "NOT_FOUND" } });
    });
  });
  return service;
}

/** A DER element: tag, length, content. */
function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}
const sequence = (...content: Buffer[]) => der(0x30, ...content);
function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}
const utcTime = (at: Date) => der(0x17, Buffer.from(`${at.toISOString().replace(/[-:T]/g, "").slice(2, 14)}Z`));

/**
 * A self-signed X.509 certificate for 127.0.0.1 (P-256, ECDSA with SHA-256), valid for two days:
 * the fake APNs serves TLS, as HTTP/2 to Apple always is. Written out in DER here because Node
 * signs but does not issue certificates.
 */
function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecdsaWithSha256 = sequence(oid("1.2.840.10045.4.3.2"));
  const name = sequence(der(0x31, sequence(oid("2.5.4.3"), der(0x0c, Buffer.from("127.0.0.1")))));
  const now = Date.now();
  const subjectAltName = sequence(oid("2.5.29.17"), der(0x04, sequence(der(0x87, Buffer.from([127, 0, 0, 1])))));
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.from([1])),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 2 * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    der(0xa3, sequence(subjectAltName)),
  );
  const signature = der(0x03, Buffer.from([0]), sign("sha256", tbs, privateKey));
  const body = sequence(tbs, ecdsaWithSha256, signature).toString("base64").replace(/.{64}/g, "$&\n");
  return {
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}

/**
 * APNs on 127.0.0.1 over HTTP/2 and TLS: it takes a notification only with a provider token
 * signed ES256 by the team's key (the test keeps the public half) and the headers Apple
 * requires for an alert, and answers like Apple: 200 with an apns-id, or a status and reason.
 */
export function fakeApns() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const tls = selfSignedCertificate();
  const keyId = "ABC123DEFG";
  const teamId = "TEAM123456";
  const bundleId = "com.example.vv";
  const received: { token: string; headers: http2.IncomingHttpHeaders; payload: Record<string, any>; issuedAt: number }[] = [];
  const answers = new Map<string, Answer[]>();
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createSecureServer({ key: tls.key, cert: tls.cert });
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const reply = (status: number, body?: object, extra: Record<string, string> = {}) => {
        stream.respond({ ":status": status, "apns-id": "00000000-0000-4000-8000-000000000000", ...extra });
        stream.end(body ? JSON.stringify(body) : undefined);
      };
      const token = /^\/3\/device\/([^/]+)$/.exec(String(headers[":path"]))?.[1];
      if (headers[":method"] !== "POST" || !token) return reply(405, { reason: "MethodNotAllowed" });
      const jwt = verifiedJwt(String(headers.authorization ?? "").replace(/^bearer /, ""), publicKey, "ES256");
      if (!jwt || jwt.header.alg !== "ES256" || jwt.header.kid !== keyId || jwt.claims.iss !== teamId) {
        return reply(403, { reason: "InvalidProviderToken" });
      }
      if (headers["apns-topic"] !== bundleId) return reply(400, { reason: "DeviceTokenNotForTopic" });
      if (headers["apns-push-type"] !== "alert") return reply(400, { reason: "InvalidPushType" });
      received.push({ token, headers, payload: JSON.parse(Buffer.concat(chunks).toString("utf8")), issuedAt: jwt.claims.iat });
      const answer = nextAnswer(answers, token);
      reply(answer.status, answer.body, answer.headers);
    });
  });
  const service = {
    keyId,
    teamId,
    bundleId,
    received,
    answers,
    url: "",
    settings(files: ReturnType<typeof credentialsFolder>) {
      return {
        APNS_KEY_ID: keyId,
        APNS_TEAM_ID: teamId,
        APNS_BUNDLE_ID: bundleId,
        APNS_KEY_FILE: files.write("AuthKey.p8", privateKey.export({ type: "pkcs8", format: "pem" }).toString()),
        APNS_URL: service.url,
        APNS_CA_FILE: files.write("apns-ca.pem", tls.cert),
      };
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      service.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      for (const session of sessions) session.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return service;
}
