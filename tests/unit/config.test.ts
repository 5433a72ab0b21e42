import { createECDH } from "node:crypto";
import { describe, expect, test } from "vitest";
import { loadApiConfig } from "#api/src/config.ts";
import { ConfigError, sharedSettings } from "#lib/config/shared.ts";
import { loadWebEnv } from "#lib/config/web.ts";

const SECRET = "unit-tests-session-secret-0123456789";
const web = (env: Record<string, string> = {}) => loadWebEnv({ NODE_ENV: "test", SESSION_SECRET: SECRET, ...env });
const api = (env: Record<string, string> = {}) => loadApiConfig({ NODE_ENV: "test", API_SECRET: "unit-tests-api-secret", ...env });
const SHARED = Object.keys(sharedSettings) as (keyof typeof sharedSettings)[];

describe("the settings both servers read", () => {
  test("have the same defaults on both sides", () => {
    const w = web();
    const a = api();
    for (const name of SHARED) expect(w[name], name).toEqual(a[name]);
    expect(w.TOKEN_IDLE_DAYS).toBe(30);
    // The web app's address: the API's default is the web app's own default.
    expect(w.PUBLIC_URL).toBe(a.PUBLIC_URL);
  });

  test("a value set is read alike by both", () => {
    const env = {
      NODE_ENV: "production",
      DATA_DIR: "/srv/vv",
      API_PORT: "9001",
      TRUST_PROXY: "10.0.0.0/8",
      REDIS_URL: "redis://cache:6379",
      REQUEST_TIMEOUT_MS: "5000",
      NATIVE_APP_KEY: "k".repeat(20),
      TOKEN_IDLE_DAYS: "90",
      RATE_IPV6_PREFIX: "56",
    };
    const w = web(env);
    const a = api(env);
    for (const name of SHARED) expect(w[name], name).toEqual(a[name]);
    expect(w.TOKEN_IDLE_DAYS).toBe(90);
    expect(w.RATE_IPV6_PREFIX).toBe(56);
  });

  test.each([
    ["TOKEN_IDLE_DAYS", "0"],
    ["TOKEN_IDLE_DAYS", "a month"],
    ["API_PORT", "70000"],
    ["REDIS_URL", "not a url"],
    ["REQUEST_TIMEOUT_MS", "10"],
    ["NATIVE_APP_KEY", "short"],
    ["NODE_ENV", "staging"],
    ["METRICS_PORT", "metrics"],
    ["METRICS_PORT", "0"],
    ["RATE_IPV6_PREFIX", "0"],
    ["RATE_IPV6_PREFIX", "129"],
  ])("a bad %s (%j) is one ConfigError with the same line from either side", (name, value) => {
    const [fromWeb, fromApi] = [web, api].map((load) => {
      try {
        load({ [name]: value });
      } catch (error) {
        return error;
      }
    });
    expect(fromWeb).toBeInstanceOf(ConfigError);
    expect(fromApi).toBeInstanceOf(ConfigError);
    expect((fromWeb as Error).message).toMatch(new RegExp(`^Invalid configuration: ${name}: [^\\n]+$`));
    expect((fromWeb as Error).message).toBe((fromApi as Error).message);
  });

  test.each([
    ["web app", "PORT", "abc"],
    ["web app", "SESSION_SECRET", "short"],
    ["API", "OTP_TTL_SECONDS", "-5"],
    ["API", "DEVICE_MAX_REGISTRATIONS", "many"],
    ["API", "SMTP_URL", "nope"],
    ["API", "DATABASE_URL", "not a url"],
  ] as const)("a bad setting of the %s alone (%s %j) is one ConfigError naming it", (side, name, value) => {
    const load = side === "API" ? api : web;
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}\\b[^\\n]+$`));
  });

  test("an empty REDIS_URL is unset on both sides", () => {
    expect(web({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(api({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });

  test("metrics are off unless METRICS_PORT is set, and listen on loopback unless told", () => {
    expect(web().METRICS_PORT).toBeUndefined();
    expect(api({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(web({ METRICS_PORT: "9100" })).toMatchObject({ METRICS_PORT: 9100, METRICS_HOST: "127.0.0.1" });
  });
});

describe("the web app's derived settings", () => {
  test("the public URL follows the port, the API's URL follows API_PORT while it runs in this process", () => {
    const env = web({ PORT: "4100", API_PORT: "9100" });
    expect(env.PUBLIC_URL).toBe("http://localhost:4100");
    expect(env.UPSTREAM_URL).toBe("http://127.0.0.1:9100");
    expect(env.apiInProcess).toBe(true);
    const apart = web({ UPSTREAM_URL: "http://api.internal:8787" });
    expect(apart.UPSTREAM_URL).toBe("http://api.internal:8787");
    expect(apart.apiInProcess).toBe(false);
  });

  test("several session secrets rotate: the first signs, all verify", () => {
    expect(web({ SESSION_SECRET: `${SECRET}, ${SECRET}-old` }).SESSION_SECRET).toEqual([SECRET, `${SECRET}-old`]);
  });

  test("no SESSION_SECRET and none in the data folder is one line naming it", () => {
    expect(() => loadWebEnv({ NODE_ENV: "test", DATA_DIR: "tests/.tmp/no-such-folder" })).toThrow(ConfigError);
    expect(() => loadWebEnv({ NODE_ENV: "test", DATA_DIR: "tests/.tmp/no-such-folder" })).toThrow(
      /^Invalid configuration: SESSION_SECRET: not set, and no tests\/\.tmp\/no-such-folder\/session-secret to read$/,
    );
  });

  test("the map's tile host is a CSP source, {s} as a wildcard", () => {
    expect(web().MAP_TILE_SOURCE).toBe("https://tile.openstreetmap.org");
    expect(web({ MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}.png" }).MAP_TILE_SOURCE).toBe("https://*.tiles.example");
  });
});

describe("the API's Web Push settings", () => {
  const pair = () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    // A private key with leading zero bytes comes out shorter: VAPID keys are always 32 bytes.
    const privateKey = ecdh.getPrivateKey();
    return {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey("base64url"),
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
    };
  };
  const refusal = (env: Record<string, string>) => {
    try {
      api(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error("no ConfigError");
  };

  test("the key pair: both or neither, of one pair", () => {
    const keys = pair();
    expect(api(keys)).toMatchObject(keys);
    expect(api().VAPID_PUBLIC_KEY).toBeUndefined();
    const both = /^Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither$/;
    expect(refusal({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toMatch(both);
    expect(refusal({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toMatch(both);
    expect(refusal({ ...keys, VAPID_PUBLIC_KEY: pair().VAPID_PUBLIC_KEY })).toBe(
      "Invalid configuration: VAPID_PUBLIC_KEY: not the public key of VAPID_PRIVATE_KEY",
    );
    expect(refusal({ ...keys, VAPID_PUBLIC_KEY: "BAD" })).toMatch(/^Invalid configuration: VAPID_PUBLIC_KEY: [^\n]+$/);
    expect(refusal({ ...keys, VAPID_PRIVATE_KEY: "x".repeat(44) })).toMatch(/^Invalid configuration: VAPID_PRIVATE_KEY: [^\n]+$/);
  });

  test("the subject is a mailto: address or an https: URL, MAIL_FROM's address when unset", () => {
    expect(api().VAPID_SUBJECT).toBe("mailto:no-reply@vv.local");
    expect(api({ MAIL_FROM: "ops@vv.example" }).VAPID_SUBJECT).toBe("mailto:ops@vv.example");
    expect(api({ MAIL_FROM: "VV Team <team@vv.example>", VAPID_SUBJECT: "https://vv.example/contact" }).VAPID_SUBJECT).toBe(
      "https://vv.example/contact",
    );
    for (const subject of ["ops@vv.example", "http://vv.example", "https://localhost/contact", "mailto:nobody", "mailto:a b@vv.example"]) {
      expect(refusal({ VAPID_SUBJECT: subject }), subject).toMatch(/^Invalid configuration: VAPID_SUBJECT: [^\n]+$/);
    }
    expect(refusal({ MAIL_FROM: "VV <nobody>" })).toBe(
      "Invalid configuration: VAPID_SUBJECT: unset, and MAIL_FROM holds no e-mail address to use instead",
    );
  });

  test("local push endpoints are refused unless allowed", () => {
    expect(api().PUSH_ENDPOINT_ALLOW_LOCAL).toBe(false);
    expect(api({ PUSH_ENDPOINT_ALLOW_LOCAL: "true" }).PUSH_ENDPOINT_ALLOW_LOCAL).toBe(true);
    expect(refusal({ PUSH_ENDPOINT_ALLOW_LOCAL: "yes" })).toMatch(/^Invalid configuration: PUSH_ENDPOINT_ALLOW_LOCAL: [^\n]+$/);
  });
});
