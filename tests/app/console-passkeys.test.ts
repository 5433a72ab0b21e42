import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runCommand } from "#api/src/cli/ops-commands.ts";
import type { TestApi } from "../setup/test-api.ts";
import { SoftAuthenticator } from "../setup/soft-authenticator.ts";
import { addedOperator, enrolledOperator, enrolWith } from "../api/operator-session.ts";
import { expectOk } from "../api/helpers.ts";
import { args, get, Jar, ORIGIN, post, run, startBff } from "./harness.ts";

/** The console's pages for an operator's own passkeys and the audit log's views (decision 067), through the web app. */

let api: TestApi;
let session: typeof import("#app/features/console/console-session.server.ts");
let passkeys: typeof import("#app/routes/console.passkeys.tsx");
let audit: typeof import("#app/routes/console.audit.tsx");
let people: typeof import("#app/routes/console.people._index.tsx");

beforeAll(async () => {
  api = await startBff({ PUBLIC_URL: ORIGIN });
  session = await import("#app/features/console/console-session.server.ts");
  passkeys = await import("#app/routes/console.passkeys.tsx");
  audit = await import("#app/routes/console.audit.tsx");
  people = await import("#app/routes/console.people._index.tsx");
});
afterAll(async () => api.close());

/** A browser signed in to the console with the operator's token, as /console/login leaves it. */
async function browserOf(token: string): Promise<Jar> {
  const jar = new Jar();
  jar.take(new Response(null, { headers: await session.signedIn(token) }));
  return jar;
}

interface Row {
  action: string;
  actor: string;
  kind: string;
  via: string;
}

describe("/console/passkeys", () => {
  test("lists the operator's own passkeys, revokes one, and signs the browser out when it revokes this session's", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const phone = new SoftAuthenticator(ORIGIN);
    expectOk(await enrolWith(api, phone, op.email, await addedOperator(api, op.email)));
    const jar = await browserOf(op.token);

    const listed = await (await run(() => passkeys.loader(args(get("/console/passkeys", { jar }))))).json();
    const [phoneKey, laptopKey] = listed.items as { id: number; this_session: boolean }[];
    expect([phoneKey.this_session, laptopKey.this_session]).toEqual([false, true]);

    const revoked = await run(() => passkeys.action(args(post("/console/passkeys", { passkey_id: String(phoneKey.id) }, { jar }))));
    expect(await revoked.json()).toEqual({
      done: `Passkey ${phoneKey.id} revoked: it signs in no more, and the sessions it opened have ended.`,
    });
    const again = await run(() => passkeys.action(args(post("/console/passkeys", { passkey_id: String(phoneKey.id) }, { jar }))));
    expect(await again.json()).toEqual({ error: "No such passkey of this account" });

    const out = await run(() => passkeys.action(args(post("/console/passkeys", { passkey_id: String(laptopKey.id) }, { jar }))));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/console/login");
    jar.take(out);
    expect(jar.cookies.has("vv_console")).toBe(false);
  });
});

describe("/console/audit", () => {
  test("shows the acts by default, the reads on their own view and both on All, each row saying console or CLI", async () => {
    const op = await enrolledOperator(api, ORIGIN);
    const jar = await browserOf(op.token);
    await runCommand(api.domain, ["operator-add", "cli-made@ops.example.com"], { machineUser: "deploy" });
    await run(() => people.loader(args(get("/console/people?q=someone%40example.com", { jar }))));

    const view = async (search: string) =>
      (await (await run(() => audit.loader(args(get(`/console/audit${search}`, { jar }))))).json()) as { view: string; items: Row[] };
    const acts = await view("");
    expect(acts.view).toBe("act");
    expect(acts.items.every((r) => r.kind === "act")).toBe(true);
    expect(acts.items[0]).toMatchObject({ action: "operator.add", actor: "cli:deploy", via: "cli" });
    expect(acts.items[1]).toMatchObject({ action: "operator.sign-in", actor: `operator:${op.email}`, via: "console" });

    const reads = await view("?kind=read");
    expect(reads.items[0]).toMatchObject({ action: "people.search", actor: `operator:${op.email}`, via: "console", kind: "read" });
    expect(reads.items.every((r) => r.kind === "read")).toBe(true);

    expect((await view("?kind=all")).items.slice(0, 2).map((r) => r.action)).toEqual(["people.search", "operator.add"]);
  });
});
