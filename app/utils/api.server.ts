import { Readable } from "node:stream";
import { Agent, request as undiciRequest, type Dispatcher, type FormData } from "undici";
import type { z } from "zod";
import { envelopeSchema } from "#contract/envelope.ts";
import { ErrorCode } from "#contract/errors.ts";
import type { RouteSpec } from "#contract/route.ts";
import { APP_KEY_HEADER, type CommonQuery, type NativeApp } from "#contract/wire.ts";
import { getEnv } from "./env.server.ts";

/** Every failed call, whatever went wrong: the catalogue code and the server's text. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Seconds until a refusal that is a wait ends (the API's Retry-After). */
    readonly retryAfter?: number,
    /** The refusal's `data`, when the API sent what the client needs to act on it. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface Caller {
  token?: string;
  did?: string;
  locale: string;
  country?: string;
  requestId?: string;
  /** The visitor's address, forwarded so per-IP limits count people, not the web server. */
  clientIp?: string;
  /** The visitor's browser, which a sign-in records to name the session in the sessions list. */
  userAgent?: string;
  /** Set when the page runs inside the native app's webview (its platform and version code). */
  app?: NativeApp;
}

let agent: Dispatcher | undefined;

/**
 * Undici's own timeouts measure idleness, so an API that drips a byte a second would hold a
 * page for ever: each call also has an overall deadline (`deadline()`), and an answer over
 * API_MAX_RESPONSE_BYTES is cut off while it streams, never read whole.
 */
function pool(): Dispatcher {
  const { API_TIMEOUT_MS, API_MAX_RESPONSE_BYTES } = getEnv();
  return (agent ??= new Agent({
    keepAliveTimeout: 30_000,
    connections: 128,
    connectTimeout: Math.min(API_TIMEOUT_MS, 5_000),
    headersTimeout: API_TIMEOUT_MS,
    bodyTimeout: API_TIMEOUT_MS,
    maxResponseSize: API_MAX_RESPONSE_BYTES,
  }));
}

function deadline(): AbortSignal {
  return AbortSignal.timeout(getEnv().API_TIMEOUT_MS);
}

/** API calls not yet answered: a shutdown lets them finish before it stops the API. */
const pending = new Set<Promise<unknown>>();

function tracked<T>(call: Promise<T>): Promise<T> {
  pending.add(call);
  const forget = () => pending.delete(call);
  call.then(forget, forget);
  return call;
}

/**
 * Settles once no API call is in flight. A page whose visitor went away is dropped by Remix at
 * once, but its loaders go on calling the API: the server waits on this, not on its requests,
 * before it stops the API (server.ts). A call made in the meantime is waited for too.
 */
export async function apiCallsSettled(): Promise<void> {
  while (pending.size) {
    await Promise.allSettled([...pending]);
    // Lets the code that awaited them run on, and make its next call, before the set is read again.
    await new Promise((next) => setImmediate(next));
  }
}

/** Test seam: lets a test route calls through undici's MockAgent for faults a real API cannot make. */
export function setApiDispatcher(dispatcher: Dispatcher | undefined): void {
  agent = dispatcher;
}

function withCommonQuery(path: string, caller: Caller, own: Record<string, string | undefined> = {}): string {
  const url = new URL(path, getEnv().UPSTREAM_URL);
  const q = url.searchParams;
  const common: Required<CommonQuery> = {
    os: caller.app?.os ?? "web",
    country: caller.country ?? "",
    lang: caller.locale,
    ui_lang: caller.locale,
    pkg: "web",
    vcode: caller.app?.vcode ?? "1",
    did: caller.did ?? "",
  };
  for (const [key, value] of Object.entries({ ...own, ...common })) if (value !== undefined) q.set(key, value);
  return url.toString();
}

/** Who is calling, as every call tells the API: the login, the request's id, the visitor's address, the native app's key. */
function callerHeaders(caller: Caller): Record<string, string> {
  const appKey = caller.app ? getEnv().NATIVE_APP_KEY : undefined;
  return {
    ...(caller.token ? { authorization: `HIN ${caller.token}` } : {}),
    ...(caller.requestId ? { "x-request-id": caller.requestId } : {}),
    ...(caller.clientIp ? { "x-forwarded-for": caller.clientIp } : {}),
    ...(caller.userAgent ? { "user-agent": caller.userAgent } : {}),
    ...(appKey ? { [APP_KEY_HEADER]: appKey } : {}),
  };
}

/** The contract's path with its `{name}` parameters filled in. */
function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Calls one contract entry and returns its parsed `data`. Throws ApiError: the server's
 * code (200011 with its own text), or 200007 when no usable answer came back at all.
 */
export async function callApi<S extends RouteSpec>(
  spec: S,
  caller: Caller,
  input: {
    body?: S["body"] extends z.ZodType ? z.input<S["body"]> : never;
    query?: S["query"] extends z.ZodObject ? { [K in keyof z.input<S["query"]>]: string } : never;
    params?: S["params"] extends z.ZodObject ? { [K in keyof z.input<S["params"]>]: string | number } : never;
    /** A multipart body (an upload), instead of JSON. */
    form?: FormData;
  } = {},
): Promise<z.infer<S["response"]>> {
  let raw: unknown;
  let retryAfter: string | string[] | undefined;
  try {
    const answer = undiciRequest(withCommonQuery(pathOf(spec.path, input.params), caller, input.query), {
      method: spec.method,
      dispatcher: pool(),
      signal: deadline(),
      headers: {
        accept: "application/json",
        ...(input.body !== undefined && !input.form ? { "content-type": "application/json" } : {}),
        ...callerHeaders(caller),
      },
      body: input.form ?? (input.body !== undefined ? JSON.stringify(input.body) : undefined),
    }).then(async (res) => ({ json: await res.body.json(), retryAfter: res.headers["retry-after"] }));
    ({ json: raw, retryAfter } = await tracked(answer));
  } catch (error) {
    // The driver's words ("connect ECONNREFUSED 127.0.0.1:8787") name our network: they go to
    // the log, never into a page or a toast.
    console.warn(`api call ${spec.method} ${spec.path} failed: ${(error as Error).message}`);
    throw new ApiError(ErrorCode.networkNoBody, "network error");
  }
  const envelope = envelopeSchema.safeParse(raw);
  if (!envelope.success) throw new ApiError(ErrorCode.networkNoBody, "unreadable answer");
  const code = envelope.data.code || envelope.data.err_code || 0;
  if (code !== 0)
    throw new ApiError(
      code,
      envelope.data.err_msg ?? "",
      typeof retryAfter === "string" ? Number(retryAfter) || undefined : undefined,
      envelope.data.data,
    );
  const data = spec.response.safeParse(envelope.data.data ?? {});
  if (!data.success) throw new ApiError(ErrorCode.networkNoBody, "unexpected answer");
  return data.data as z.infer<S["response"]>;
}

let filesAgent: Dispatcher | undefined;

/**
 * Files the API streams (a user's data export): no size cap and no overall deadline, since a
 * long history takes its time; a stalled stream still ends after API_TIMEOUT_MS of silence.
 */
function filesPool(): Dispatcher {
  const { API_TIMEOUT_MS } = getEnv();
  return (filesAgent ??= new Agent({
    keepAliveTimeout: 30_000,
    connections: 16,
    connectTimeout: Math.min(API_TIMEOUT_MS, 5_000),
    headersTimeout: API_TIMEOUT_MS,
    bodyTimeout: API_TIMEOUT_MS,
  }));
}

/** A file the API streams: its media type, how to save it, and its bytes as they come. */
export interface ApiFile {
  type: string;
  disposition: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * Calls a contract entry that answers with a file (`file` in the spec) and hands its stream on
 * unread. A refusal comes back in the envelope (no Content-Disposition): it is thrown as
 * ApiError, like callApi's.
 */
export async function streamApiFile<S extends RouteSpec & { file: readonly string[] }>(
  spec: S,
  caller: Caller,
  query: S["query"] extends z.ZodObject ? { [K in keyof z.input<S["query"]>]: string } : never,
): Promise<ApiFile> {
  let res: Dispatcher.ResponseData;
  try {
    res = await tracked(
      undiciRequest(withCommonQuery(spec.path, caller, query), {
        method: spec.method,
        dispatcher: filesPool(),
        headers: callerHeaders(caller),
      }),
    );
  } catch (error) {
    console.warn(`api file ${spec.method} ${spec.path} failed: ${(error as Error).message}`);
    throw new ApiError(ErrorCode.networkNoBody, "network error");
  }
  const header = (name: string) => (typeof res.headers[name] === "string" ? (res.headers[name] as string) : "");
  const disposition = header("content-disposition");
  if (res.statusCode !== 200 || !disposition) {
    const envelope = envelopeSchema.safeParse(await res.body.json().catch(() => null));
    const code = envelope.success ? envelope.data.code || envelope.data.err_code || 0 : 0;
    throw new ApiError(code || ErrorCode.networkNoBody, envelope.success ? (envelope.data.err_msg ?? "") : "unreadable answer");
  }
  return { type: header("content-type"), disposition, body: Readable.toWeb(res.body) as ReadableStream<Uint8Array> };
}

/** Bytes the API serves outside the envelope (a stored file, a share image), with the headers that matter to caching. */
export function fetchApiBytes(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer | null; etag: string | null; cacheControl: string | null }> {
  return tracked(fetchBytes(path, headers));
}

async function fetchBytes(path: string, headers: Record<string, string>) {
  const res = await undiciRequest(new URL(path, getEnv().UPSTREAM_URL), { dispatcher: pool(), signal: deadline(), headers });
  const header = (name: string) => (typeof res.headers[name] === "string" ? (res.headers[name] as string) : null);
  if (res.statusCode !== 200) {
    await res.body.dump();
    return { status: res.statusCode, bytes: null, etag: header("etag"), cacheControl: header("cache-control") };
  }
  return { status: 200, bytes: Buffer.from(await res.body.arrayBuffer()), etag: header("etag"), cacheControl: header("cache-control") };
}

/**
 * Readiness: whether the API and its database answer `GET /healthz` now. "degraded" (its rate
 * limits counted in memory while Redis is down, decision 034) still serves.
 */
export async function apiAnswers(): Promise<boolean> {
  try {
    const res = await undiciRequest(new URL("/healthz", getEnv().UPSTREAM_URL), { dispatcher: pool(), signal: deadline() });
    const answer = (await res.body.json()) as { status?: unknown };
    return res.statusCode === 200 && (answer.status === "ok" || answer.status === "degraded");
  } catch {
    return false;
  }
}
