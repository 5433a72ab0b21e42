// First-load bytes per page, as a phone on a fresh cache receives them: the HTML document
// (translations and loader data included) plus every script and stylesheet it links, each as
// the gzip bytes that travel. Starts the production build (`npm run build` first) on a data
// folder of its own, signs up through the real forms (the code comes from the mail outbox)
// and loads each page in English and in Tamil (long strings).
//
//   npx tsx scripts/bench-first-load.ts
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";

const PORT = 3290;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), "vv-first-load-"));

interface Fetched {
  status: number;
  wireBytes: number;
  body: string;
  cookies: string[];
  location?: string;
}

/** One request with gzip accepted; counts the bytes as they came over the wire. */
function fetchRaw(path: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}): Promise<Fetched> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      BASE + path,
      {
        method: init.method ?? "GET",
        headers: {
          "accept-encoding": "gzip",
          accept: "text/html",
          origin: BASE,
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", async () => {
          const raw = Buffer.concat(chunks);
          const { gunzipSync } = await import("node:zlib");
          const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            wireBytes: raw.length,
            body: text,
            cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]),
            location: res.headers.location,
          });
        });
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

class Jar {
  private map = new Map<string, string>();
  take(cookies: string[]) {
    for (const c of cookies) {
      const at = c.indexOf("=");
      const value = c.slice(at + 1);
      if (value) this.map.set(c.slice(0, at), value);
      else this.map.delete(c.slice(0, at));
    }
  }
  get header() {
    return [...this.map].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

function assetsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+)"\)|import \* as \w+ from "([^"]+)"/g)) urls.add(m[1] ?? m[2]);
  return [...urls].filter((u) => u.startsWith("/"));
}

async function measure(path: string, jar: Jar) {
  const page = await fetchRaw(path, { cookie: jar.header });
  if (page.status !== 200) throw new Error(`${path}: HTTP ${page.status}`);
  let js = 0;
  let css = 0;
  for (const url of assetsOf(page.body)) {
    const asset = await fetchRaw(url);
    if (url.endsWith(".css")) css += asset.wireBytes;
    else js += asset.wireBytes;
  }
  return { html: page.wireBytes, js, css, total: page.wireBytes + js + css };
}

async function signUp(jar: Jar, email: string) {
  jar.take((await fetchRaw("/register", { cookie: jar.header })).cookies);
  const sent = await fetchRaw("/register", { method: "POST", cookie: jar.header, form: { intent: "send", email } });
  jar.take(sent.cookies);
  const outbox = join(dataDir, "outbox");
  let code: string | undefined;
  for (const file of readdirSync(outbox)) {
    const mail = await simpleParser(readFileSync(join(outbox, file)));
    if (mail.text?.includes(email) || [mail.to].flat().some((a) => a?.text.includes(email))) code = mail.text?.match(/\b(\d{6})\b/)?.[1];
  }
  if (!code) throw new Error(`no code in the outbox (the send answered ${sent.status})`);
  const done = await fetchRaw("/register", { method: "POST", cookie: jar.header, form: { intent: "register", email, code } });
  if (done.status !== 302) throw new Error(`register answered ${done.status}`);
  jar.take(done.cookies);
}

const server = spawn("npx", ["tsx", "server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    API_PORT: String(PORT + 1),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});

try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetchRaw("/healthz")).status === 200) break;
    } catch {
      if (tries > 240) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const rows: string[] = [];
  for (const lang of ["en", "ta"]) {
    const anonymous = new Jar();
    anonymous.take((await fetchRaw(`/login?ui_lang=${lang}`)).cookies);
    const user = new Jar();
    user.take((await fetchRaw(`/login?ui_lang=${lang}`)).cookies);
    await signUp(user, `first-load-${lang}@example.com`);
    const pages: [string, Jar][] = [
      ["/login", anonymous],
      ["/register", anonymous],
      ["/privacy", anonymous],
      ["/terms", anonymous],
      ["/airdrop", user],
      ["/team", user],
      ["/force", user],
      ["/mine", user],
    ];
    for (const [path, jar] of pages) {
      const m = await measure(path, jar);
      rows.push(
        `${lang.padEnd(4)} ${path.padEnd(10)} ${String(m.html).padStart(7)} ${String(m.js).padStart(8)} ${String(m.css).padStart(6)} ${String(m.total).padStart(8)}`,
      );
    }
  }
  console.log("lang page       HTML gz    JS gz CSS gz    total   (bytes on the wire, first load, empty cache)");
  for (const row of rows) console.log(row);
} finally {
  process.kill(-server.pid!, "SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
