import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { statSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";
import { signedIn } from "./accounts.ts";
import { E2E } from "./env.ts";
import { strings, uniqueEmail } from "./helpers.ts";
import { runOps } from "./ops.ts";
import { actionData, readSingleFetch } from "../setup/single-fetch.ts";

const t = strings("en");
const ar = strings("ar");
const FOREIGN = "https://evil.example";

test.describe("the web app's guards, in front of every route", () => {
  test("a form post from another site is refused with 403 and a localized message, data requests included", async ({ page, request }) => {
    await signedIn(page, { email: uniqueEmail("csrf") });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const data = await request.post("/airdrop.data", {
      headers: { origin: FOREIGN, cookie, "content-type": "application/x-www-form-urlencoded" },
      data: "intent=start",
      maxRedirects: 0,
    });
    expect(data.status()).toBe(403);
    expect(await actionData(await data.text())).toEqual({ toast: { kind: "error", code: 100403 } });
    // Nothing happened: the airdrop was not started.
    await page.reload();
    await expect(page.getByRole("button", { name: t("airdrop:status.start") })).toBeVisible();

    const login = await request.post("/login", {
      headers: {
        origin: FOREIGN,
        "sec-fetch-site": "cross-site",
        "accept-language": "ar",
        "content-type": "application/x-www-form-urlencoded",
      },
      data: "intent=login&email=a%40example.com&code=123456",
      maxRedirects: 0,
    });
    expect(login.status()).toBe(403);
    const html = await login.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(ar("errors:100403"));
    expect(login.headers()["set-cookie"]).toBeUndefined();

    const sameSite = await request.post("/airdrop", {
      headers: { "sec-fetch-site": "same-site", cookie },
      form: { intent: "start" },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(403);
  });

  test.describe("a refusal seen with JavaScript", () => {
    test.use({ expectedConsole: [/status of 413/] });
    for (const lng of ["en", "ar"] as const) {
      test(`${lng}: with JavaScript, a post the guards refuse shows its localized toast on the page, which keeps what was typed`, async ({
        page,
      }) => {
        const say = strings(lng);
        await page.goto(`/login?ui_lang=${lng}`);
        await page.getByLabel(say("auth:email")).fill("keep@example.com");
        // Remix's fetch sends every field of the form: one too large for FORM_BODY_LIMIT makes the post too large.
        await page
          .locator("form")
          .filter({ has: page.getByLabel(say("auth:email")) })
          .evaluate((form) => {
            const big = document.createElement("input");
            big.type = "hidden";
            big.name = "padding";
            big.value = "x".repeat(70 * 1024);
            form.append(big);
          });
        const refused = page.waitForResponse((res) => res.url().includes("/login.data"));
        await page.getByRole("button", { name: say("auth:sendCode") }).click();
        expect((await refused).status()).toBe(413);
        await expect(page.getByRole("alert")).toHaveText(new RegExp(say("errors:100413")));
        await expect(page).toHaveURL(/\/login/);
        await expect(page.getByLabel(say("auth:email"))).toHaveValue("keep@example.com");
      });
    }
  });

  test("a body over the limit is refused with 413 before it is read; one without a length with 411", async ({ request }) => {
    const big = await request.post("/login", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "email=" + "a".repeat(200 * 1024),
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain(t("errors:100413"));

    const res = await fetch(`${E2E.baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("email=a"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(411);
  });

  test("a body that drips slower than the request timeout is cut off", async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(E2E.port, "127.0.0.1", () => {
        socket.write(
          "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=a",
        );
      });
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.setTimeout(20_000, () => socket.destroy());
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(E2E.requestTimeoutMs + 5000);
  });

  test("methods other than GET, HEAD and POST are 405; broken escapes under /assets are 400, a missing build file 404", async ({
    request,
  }) => {
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await request.fetch("/airdrop", { method, maxRedirects: 0 });
      expect(res.status(), method).toBe(405);
      expect(res.headers()["allow"]).toBe("GET, HEAD, POST");
    }
    expect((await request.get("/assets/%E0%A4%A")).status()).toBe(400);
    const gone = await request.get("/assets/_app.airdrop-OLDBUILD.js", { maxRedirects: 0 });
    expect([gone.status(), gone.headers()["content-type"]]).toEqual([404, "text/plain; charset=utf-8"]);
    const json = await request.post("/airdrop", { data: { intent: "start" }, maxRedirects: 0 });
    expect(json.status()).toBe(400);
    expect(await json.text()).toContain(t("errors:100400"));
  });

  test("the files in public/ are served with an hour's caching; a missing one is an unknown path", async ({ request }) => {
    for (const [path, type] of [
      ["/robots.txt", "text/plain"],
      ["/icon.svg", "image/svg+xml"],
      ["/icons/icon-192.png", "image/png"],
    ]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toContain(type);
      expect(res.headers()["cache-control"], path).toBe("public, max-age=3600");
    }
    // Not a file: the app's answer to an unknown path, the redirect to the airdrop page.
    const missing = await request.get("/nothing-here.txt", { maxRedirects: 0 });
    expect([missing.status(), missing.headers()["location"]]).toEqual([302, "/airdrop"]);
  });

  test("behind a proxy that rewrites Host, a form post from our own pages still works", async () => {
    const body = new URLSearchParams({ intent: "send", email: "not-an-email" }).toString();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: E2E.port,
          path: "/login",
          method: "POST",
          headers: {
            host: "vv-web.internal:8080",
            origin: E2E.baseUrl,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    // The login page again with its refusal (a malformed e-mail), not Remix's 500.
    expect(status).toBe(200);
  });

  test("liveness and readiness apart: with its API gone a web app is live, not ready, and its pages name no address", async ({
    page,
    request,
  }) => {
    expect((await request.get("/livez")).status()).toBe(200);
    const ready = await request.get("/healthz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", api: "ok" });

    await signedIn(page, { email: uniqueEmail("orphan") });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const port = E2E.port + 7;
    const orphan = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        UPSTREAM_URL: "http://127.0.0.1:9", // discard port: nothing answers
        SESSION_SECRET: E2E.sessionSecret,
        DATA_DIR: join(E2E.dir, "orphan"),
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
      detached: true,
    });
    try {
      const base = `http://localhost:${port}`;
      await expect.poll(async () => (await fetch(`${base}/livez`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", api: "unreachable" });
      const data = await fetch(`${base}/airdrop.data?_routes=routes%2F_app`, { headers: { cookie } });
      expect(data.status).toBe(503);
      const text = await data.text();
      expect(await readSingleFetch(text)).toMatchObject({
        "routes/_app": { error: { errorResponse: { status: 503, data: { code: 200007 } } } },
      });
      expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|localhost:9\b/);
    } finally {
      process.kill(-orphan.pid!, "SIGTERM");
    }
  });

  test("signed-in pages and data requests are never cached; the manifest, the same for everyone, keeps its hour", async ({
    page,
    request,
  }) => {
    await signedIn(page, { email: uniqueEmail("cache") });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await request.get("/airdrop", { headers: { cookie } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const data = await request.get("/team.data", { headers: { cookie } });
    expect(data.headers()["cache-control"]).toBe("private, no-store");
    const manifest = await request.get("/manifest.webmanifest?lang=en", { headers: { cookie } });
    expect(manifest.headers()["cache-control"]).toBe("public, max-age=3600");
    expect(manifest.headers()["set-cookie"]).toBeUndefined();
  });

  test("the data folder is the service's alone: every folder 0700, the secrets, mail and database files 0600", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [join(dir, e.name), ...walk(join(dir, e.name))] : [join(dir, e.name)],
      );
    const entries = [E2E.dataDir, ...walk(E2E.dataDir)];
    expect(entries.length).toBeGreaterThan(5);
    const mode = (path: string) => statSync(path).mode & 0o777;
    const folders = entries.filter((p) => statSync(p).isDirectory());
    expect(folders.filter((p) => mode(p) !== 0o700)).toEqual([]);
    // PGlite may add files later with its own mode; the 0700 folders above still keep them closed.
    const files = entries.filter((p) => statSync(p).isFile() && !/pg_internal\.init$|pg_wal|pg_stat/.test(p));
    expect(files.filter((p) => mode(p) !== 0o600).map((p) => `${p} ${mode(p).toString(8)}`)).toEqual([]);
  });

  test("an operator command beside the running embedded database is run by the service (its socket), as the CLI's own would be", async () => {
    expect(await runOps("ban-user", "nobody@example.com")).toBe("no account nobody@example.com");
    // The socket is the owner's alone, as the folder is.
    expect(statSync(join(E2E.dataDir, "ops.sock")).mode & 0o777).toBe(0o600);
  });
});
