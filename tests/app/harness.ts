/**
 * The BFF under test: a real API listening on a loopback port, the web app's settings
 * pointing at it, and helpers to build real Requests and carry cookies between them
 * the way a browser does. Route modules must be imported (dynamically) after startBff().
 */
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createTestApi, type TestApi } from "../setup/test-api.ts";

export const ORIGIN = "http://localhost:3000";
export const SESSION_SECRET = "app-tests-session-secret-0123456789abcdef";

/** Starts the API and sets UPSTREAM_URL, SESSION_SECRET and PUBLIC_URL before any app module reads them. */
export async function startBff(overrides: Parameters<typeof createTestApi>[0] = {}): Promise<TestApi & { url: string }> {
  const api = await createTestApi(overrides);
  await api.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = api.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  process.env.UPSTREAM_URL = url;
  process.env.SESSION_SECRET = SESSION_SECRET;
  process.env.PUBLIC_URL = ORIGIN;
  return Object.assign(api, { url });
}

/** A browser's cookie store for one site: takes Set-Cookie answers, sends Cookie back. */
export class Jar {
  readonly cookies = new Map<string, string>();

  take<T extends Response>(res: T): T {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((s) => s.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  clone(): Jar {
    const copy = new Jar();
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

export function get(path: string, init: { jar?: Jar; headers?: Record<string, string> } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.jar?.cookies.size) headers.set("Cookie", init.jar.header());
  return new Request(ORIGIN + path, { headers });
}

export function post(path: string, form: Record<string, string>, init: { jar?: Jar; headers?: Record<string, string> } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.jar?.cookies.size) headers.set("Cookie", init.jar.header());
  return new Request(ORIGIN + path, { method: "POST", body: new URLSearchParams(form), headers });
}

/** `data(value, init)` from a loader or action: the value with its status and headers. */
function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** What Remix answers for a loader's or action's result: a Response as it is, data as JSON with its status and headers. */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}

/**
 * Runs a loader or action and gives its answer as a Response, so a test reads data, status and
 * cookies the same way whatever the route returned; a thrown Response (redirect) or `data()`
 * (an error page's status) is returned like a returned one.
 */
export async function run(fn: () => unknown): Promise<Response> {
  try {
    return asResponse(await fn());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return asResponse(thrown);
    throw thrown;
  }
}

/** The names of the cookies a response sets. */
export function setCookieNames(res: Response): string[] {
  return res.headers.getSetCookie().map((line) => line.slice(0, line.indexOf("=")));
}

let counter = 0;
export function uniqueEmail(tag = "web"): string {
  counter += 1;
  return `${tag}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Registers a new account through the web app's /register as a browser would (page, send the
 * code, register with the code that was mailed, and an invite code if given); returns the
 * browser's cookie jar, signed in, and the e-mail.
 */
export async function signUpThroughApp(api: TestApi, opts: { tag?: string; invite?: string } = {}): Promise<{ jar: Jar; email: string }> {
  const register = await import("#app/routes/register.tsx");
  const jar = new Jar();
  const email = uniqueEmail(opts.tag);
  jar.take(await run(() => register.loader(args(get("/register")))));
  jar.take(await run(() => register.action(args(post("/register", { intent: "send", email }, { jar })))));
  const code = api.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1];
  jar.take(
    await run(() => register.action(args(post("/register", { intent: "register", email, code, invite: opts.invite ?? "" }, { jar })))),
  );
  return { jar, email };
}

let namespacesFor: import("#server/route-namespaces.ts").NamespacesFor | undefined;

/**
 * The load context server.ts gives loaders: here its route table is assembled the way the
 * Remix compiler does (flat routes under app/routes, the root module above them).
 */
export async function loadContext() {
  if (!namespacesFor) {
    const { UNSAFE_flatRoutes } = await import("@remix-run/dev");
    const { routeNamespaces } = await import("#server/route-namespaces.ts");
    const manifest = { root: { id: "root", path: "", file: "root.tsx" }, ...UNSAFE_flatRoutes("app", ["**/.*"]) };
    const table = Object.fromEntries(
      await Promise.all(
        Object.values(manifest).map(
          async (r) => [r.id, { ...r, module: await import(/* @vite-ignore */ pathToFileURL(resolve("app", r.file)).href) }] as const,
        ),
      ),
    );
    namespacesFor = routeNamespaces(table);
  }
  return { namespacesFor };
}

export const args = (request: Request, context: Awaited<ReturnType<typeof loadContext>> | Record<string, never> = {}) => ({
  request,
  params: {},
  context,
});
