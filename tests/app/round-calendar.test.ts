/**
 * /airdrop/round.ics: the end of the round in progress as a calendar file, read from the real
 * API, in the user's language; for signed-in users whose airdrop is running only.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { langCookie } from "#lib/visitor-language.ts";
import type { TestApi } from "../setup/test-api.ts";
import { type Jar, args, get, post, run, setCookieNames, signUpThroughApp, startBff } from "./harness.ts";

let api: TestApi;
let calendar: typeof import("#app/routes/airdrop.round[.]ics.tsx");
let airdrop: typeof import("#app/routes/_app.airdrop.tsx");

beforeAll(async () => {
  api = await startBff();
  calendar = await import("#app/routes/airdrop.round[.]ics.tsx");
  airdrop = await import("#app/routes/_app.airdrop.tsx");
});
afterAll(async () => api.close());

const ar = JSON.parse(readFileSync("locales/ar/airdrop.json", "utf8")) as { calendar: Record<string, string> };
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

/** The file's properties by name (parameters dropped), folds undone. */
function properties(ics: string): Map<string, string> {
  const lines = ics.replace(/\r\n /g, "").split("\r\n");
  return new Map(lines.filter((l) => l.includes(":")).map((l) => [l.slice(0, l.indexOf(":")).split(";")[0], l.slice(l.indexOf(":") + 1)]));
}

async function signedInArabic(): Promise<{ jar: Jar; email: string }> {
  const user = await signUpThroughApp(api, { tag: "calendar" });
  user.jar.take(new Response(null, { headers: { "Set-Cookie": await langCookie.serialize("ar") } }));
  return user;
}

async function info(jar: Jar) {
  const res = await run(() => airdrop.loader(args(get("/airdrop", { jar }))));
  return ((await res.json()) as { info: { next_round_number: number; next_round_timestamp: number; mint_status: string } }).info;
}

describe("the round's calendar file", () => {
  test("signed out: sent to /login, and back here afterwards", async () => {
    const res = await run(() => calendar.loader(args(get("/airdrop/round.ics"))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fairdrop%2Fround.ics");
  });

  test("before the airdrop is started: back to /airdrop with a toast saying why", async () => {
    const { jar } = await signedInArabic();
    const res = await run(() => calendar.loader(args(get("/airdrop/round.ics", { jar }))));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/airdrop");
    expect(setCookieNames(res)).toContain("vv_toast");
  });

  test("in Arabic: an event at the end of the round the API names, with a ten-minute alarm, private and never stored", async () => {
    const { jar, email } = await signedInArabic();
    jar.take(await run(() => airdrop.action(args(post("/airdrop", { intent: "start" }, { jar })))));
    const waiting = await info(jar);
    expect(waiting.mint_status).toBe("wait");

    // Waiting, the round's end is when the user's first round begins.
    const first = await run(() => calendar.loader(args(get("/airdrop/round.ics", { jar }))));
    expect(first.status).toBe(200);
    const before = properties(await first.text());
    expect(before.get("DTSTART")).toBe(new Date(waiting.next_round_timestamp * 1000).toISOString().replace(/[-:]|\.\d{3}/g, ""));
    expect(before.get("SUMMARY")).toBe(fill(ar.calendar.summaryWait, { round: waiting.next_round_number + 1 }));

    // A round later the airdrop is running: the file is for the round now in progress.
    api.clock.advance(api.config.ROUND_SECONDS);
    await api.distribute();
    const minting = await info(jar);
    expect(minting.mint_status).toBe("minting");
    const res = await run(() => calendar.loader(args(get("/airdrop/round.ics", { jar }))));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="vv-round-${minting.next_round_number}.ics"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const event = properties(text);
    const start = new Date(minting.next_round_timestamp * 1000).toISOString().replace(/[-:]|\.\d{3}/g, "");
    expect(event.get("DTSTART")).toBe(start);
    expect(event.get("SUMMARY")).toBe(fill(ar.calendar.summary, { round: minting.next_round_number }));
    expect(text).toContain("SUMMARY;LANGUAGE=ar:");
    expect(event.get("URL")).toBe("http://localhost:3000/airdrop");
    expect(event.get("TRIGGER")).toBe("-PT10M");
    expect(event.get("ACTION")).toBe("DISPLAY");

    // One UID per user and round: downloading again updates the event instead of adding one.
    const uid = event.get("UID")!;
    expect(uid).toMatch(new RegExp(`^round-${minting.next_round_number}-[\\w-]+@localhost$`));
    expect(uid).not.toContain(email.split("@")[0]);
    const again = properties(await (await run(() => calendar.loader(args(get("/airdrop/round.ics", { jar }))))).text());
    expect(again.get("UID")).toBe(uid);
    expect(before.get("UID")).not.toBe(uid);
  });
});
