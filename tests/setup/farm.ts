/**
 * A generated farm beside ordinary people (issue 31), seeded through the real API calls (the
 * domain functions behind them), for the farm-signal tests and the console's end-to-end test:
 *
 * - the farm: 50 accounts under one inviter, signed up from a few device ids in turn and from
 *   forwarded addresses in one /24, numbered e-mail addresses, each starting the airdrop the same
 *   seconds after signing up and doing nothing else;
 * - 50 ordinary accounts: a device and a network each, signed up at spread times, a few
 *   invited by friends (two each), some starting the airdrop and claiming.
 *
 * It speaks through a FarmTransport: `testApiTransport` (farm-test-api.ts: tests/api, the test clock) or
 * `httpTransport` (a running API, e.g. the end-to-end server's API port, whose TRUST_PROXY
 * must trust the caller, as its default loopback does).
 */
import { randomBytes } from "node:crypto";

export interface FarmCall {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  did?: string;
  token?: string;
  /** The client's address, sent as X-Forwarded-For. */
  ip: string;
}

export interface FarmTransport {
  /** One API call; the envelope it answered. */
  call(request: FarmCall): Promise<{ code: number; err_msg?: string; data?: any }>;
  /** The sign-in code last mailed to the address. */
  codeFor(email: string): Promise<string>;
  /** Lets `seconds` pass (the test clock moved and rounds distributed, or nothing over real time). */
  pass(seconds: number): Promise<void>;
}

export interface SeededAccount {
  id: number;
  email: string;
  did: string;
  token: string;
}

export interface SeededFarm {
  inviter: SeededAccount;
  farm: SeededAccount[];
  ordinary: SeededAccount[];
}

export interface FarmOptions {
  farmSize?: number;
  ordinarySize?: number;
  /** The farm's accounts on each of its devices: the API's DEVICE_MAX_REGISTRATIONS or fewer. */
  perDevice?: number;
  /** Seconds from an ordinary account's start to its claim: more than a round, or none when unset. */
  claimAfterSeconds?: number;
}

const NAMES = ["amara", "bayu", "chen", "dilnoza", "emeka", "farah", "goran", "hana", "ines", "jomo"];
const letters = (n: number) => [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

function ok<T = any>(answer: { code: number; err_msg?: string; data?: T }, what: string): T {
  if (answer.code !== 0) throw new Error(`${what}: ${answer.code} ${answer.err_msg}`);
  return answer.data as T;
}

async function newDevice(t: FarmTransport, ip: string): Promise<string> {
  return ok<{ did: string }>(await t.call({ method: "GET", path: "/v1/user/did/", ip }), "device id").did;
}

async function signUp(t: FarmTransport, input: { email: string; did: string; ip: string; invite?: string }): Promise<SeededAccount> {
  const { email, did, ip } = input;
  ok(await t.call({ method: "POST", path: "/v1/user/vcode/send/", body: { email, purpose: "register" }, did, ip }), `code for ${email}`);
  const body = { email, code: await t.codeFor(email), ...(input.invite ? { invite_code: input.invite } : {}) };
  const data = ok(await t.call({ method: "POST", path: "/v1/user/register/", body, did, ip }), `register ${email}`);
  return { id: data.user.id, email, did: data.did, token: data.token };
}

const mint = async (t: FarmTransport, a: SeededAccount, ip: string, what: "start" | "collect") =>
  ok(await t.call({ method: "POST", path: `/v1/mint/${what}/`, did: a.did, token: a.token, ip }), `${what} of ${a.email}`);

export async function seedFarm(t: FarmTransport, options: FarmOptions = {}): Promise<SeededFarm> {
  const { farmSize = 50, ordinarySize = 50, perDevice = 3 } = options;
  const tag = letters(6);
  const inviterIp = "198.51.100.7";
  const inviter = await signUp(t, { email: `boss.${tag}@example.net`, did: await newDevice(t, inviterIp), ip: inviterIp });
  const invite = ok(await t.call({ method: "GET", path: "/v1/user/", did: inviter.did, token: inviter.token, ip: inviterIp }), "inviter")
    .invite_code as string;

  // The farm: its devices in turn, its proxies' addresses in one /24, a script's fixed rhythm.
  const devices: string[] = [];
  for (let d = 0; d < Math.ceil(farmSize / perDevice); d++) devices.push(await newDevice(t, `203.0.113.${200 + d}`));
  const farm: SeededAccount[] = [];
  for (let i = 0; i < farmSize; i++) {
    const ip = `203.0.113.${10 + i}`;
    const account = await signUp(t, { email: `${tag}farm${i + 1}@example.net`, did: devices[i % devices.length], ip, invite });
    await t.pass(5);
    await mint(t, account, ip, "start");
    farm.push(account);
    await t.pass(30);
  }

  // Ordinary people: their own phones and networks, at their own times; every tenth brings two friends.
  const ordinary: SeededAccount[] = [];
  const started: { account: SeededAccount; ip: string }[] = [];
  for (let i = 0; i < ordinarySize; i++) {
    const ip = `10.${100 + i}.${(i * 7) % 256}.${20 + i}`;
    const friend = i % 10 === 1 || i % 10 === 2 ? ordinary[i - (i % 10)] : undefined;
    const email = `${NAMES[i % NAMES.length]}.${tag}${letters(4)}@example.org`;
    const account = await signUp(t, { email, did: await newDevice(t, ip), ip, invite: friend ? await inviteOf(t, friend, ip) : undefined });
    ordinary.push(account);
    if (i % 3 === 0) {
      await t.pass(40 + ((i * 97) % 900));
      await mint(t, account, ip, "start");
      started.push({ account, ip });
    }
    await t.pass(300 + ((i * 131) % 1500));
  }
  if (options.claimAfterSeconds !== undefined) {
    await t.pass(options.claimAfterSeconds);
    for (const [n, { account, ip }] of started.entries()) {
      if (n % 2 === 0) await mint(t, account, ip, "collect");
      await t.pass(17 + n * 11);
    }
  }
  return { inviter, farm, ordinary };
}

async function inviteOf(t: FarmTransport, a: SeededAccount, ip: string): Promise<string> {
  return ok(await t.call({ method: "GET", path: "/v1/user/", did: a.did, token: a.token, ip }), "invite code").invite_code;
}

/**
 * Over HTTP to a running API (`apiUrl`, e.g. the end-to-end server's API port): `codeFor` reads
 * the mail (tests/e2e/helpers.ts mailedCode), and time passes as it does.
 */
export function httpTransport(apiUrl: string, codeFor: (email: string) => Promise<string>): FarmTransport {
  return {
    async call(r) {
      const query = new URLSearchParams({ os: "web", vcode: "1", ...(r.did ? { did: r.did } : {}) });
      const res = await fetch(`${apiUrl}${r.path}?${query}`, {
        method: r.method,
        headers: {
          "x-forwarded-for": r.ip,
          ...(r.token ? { authorization: `HIN ${r.token}` } : {}),
          ...(r.method === "POST" ? { "content-type": "application/json" } : {}),
        },
        // A POST always has a body, even an empty one: the API wants its length.
        body: r.method === "POST" ? JSON.stringify(r.body ?? {}) : undefined,
      });
      return (await res.json()) as { code: number; err_msg?: string; data?: any };
    },
    codeFor,
    pass: async () => {},
  };
}
