import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { NextFunction, Request, Response } from "express";
import { encode } from "turbo-stream";
import { ErrorCode, ERROR_MESSAGES, type ErrorCodeValue } from "#contract/errors.ts";
import { LANGUAGES, type LanguageCode } from "#contract/languages.ts";
import { mediaName } from "#contract/web-paths.ts";
import { ipLimitKey } from "#lib/ip-network.ts";
import type { RateLimits } from "#lib/rate-limit.ts";
import { detectLocale } from "#lib/visitor-language.ts";

/**
 * The guards every request to the web app passes before Remix sees it, so a new route or
 * action inherits them: the method, the body's size (declared, and held to by Node's parser),
 * and, for anything that changes state, that it comes from our own pages.
 */
export interface GuardOptions {
  publicUrl: string;
  /** Bytes a form post may carry. */
  bodyLimit: number;
  /** Bytes a multipart post to one of `uploadPaths` may carry. */
  uploadLimit: number;
  uploadPaths: readonly string[];
}

const SAFE = new Set(["GET", "HEAD"]);
const ALLOWED = new Set(["GET", "HEAD", "POST"]);

// Read once at start: the refusals below are rare, but must not parse files on each one.
const read = (lng: string, ns: string) => JSON.parse(readFileSync(join("locales", lng, `${ns}.json`), "utf8")) as Record<string, string>;
const MESSAGES = new Map<LanguageCode, Record<string, string>>(
  LANGUAGES.map((l) => [l.code, { ...read(l.code, "errors"), back: read(l.code, "common").back }]),
);

function webRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), { headers });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Remix's own fetch of a page's data or of an action's answer (single fetch: `<path>.data`). */
export function isDataPath(path: string): boolean {
  return path.endsWith(".data");
}

/** The page a data request stands for: `/team.data?_routes=x&level=2` is `/team?level=2`, `/_root.data` is `/`. */
function pageOf(req: Request): string {
  const url = new URL(req.originalUrl, "http://localhost");
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return path + url.search;
}

const REDIRECT = Symbol("redirect");

/**
 * A refusal as Remix's client reads single fetch answers (turbo-stream). A post gets action
 * data with the toast, which the page shows while it keeps what was typed. A page's data (only
 * the rate limit refuses one) cannot be answered for routes the guard knows nothing of, so the
 * browser is told to load the page as a document, which gets the localized refusal page.
 */
async function refuseData(req: Request, res: Response, status: number, code: ErrorCodeValue): Promise<void> {
  const value = SAFE.has(req.method)
    ? { [REDIRECT]: { redirect: pageOf(req), status: 302, revalidate: false, reload: true, replace: false } }
    : { data: { toast: { kind: "error", code } } };
  const body = await new globalThis.Response(
    encode(value, {
      plugins: [
        (v) =>
          v && typeof v === "object" && REDIRECT in v ? ["SingleFetchRedirect", (v as Record<symbol, unknown>)[REDIRECT]] : undefined,
      ],
    }),
  ).text();
  res
    .status(SAFE.has(req.method) ? 202 : status)
    .type("text/x-script")
    .send(body);
}

/**
 * A refusal in the visitor's language: action data with a toast for Remix's own fetch (the page
 * shows it and keeps what was typed), a small page for a plain form post.
 */
async function refuse(req: Request, res: Response, status: number, code: ErrorCodeValue): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  if (status === 405) res.setHeader("Allow", [...ALLOWED].join(", "));
  if (isDataPath(req.path)) return refuseData(req, res, status, code);
  const lng = await detectLocale(webRequest(req));
  const dir = LANGUAGES.find((l) => l.code === lng)?.dir ?? "ltr";
  const message = MESSAGES.get(lng)?.[String(code)] ?? ERROR_MESSAGES[code];
  const back = MESSAGES.get(lng)?.back ?? "Back";
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="${lng}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>VV</title></head>` +
        `<body><main><h1>${escapeHtml(message)}</h1><p><a href="/airdrop">${escapeHtml(back)}</a></p></main></body></html>`,
    );
}

/** Only GET, HEAD and POST reach the app: other methods are 405, whatever the route. */
export function methodGuard(req: Request, res: Response, next: NextFunction): void {
  if (ALLOWED.has(req.method)) return next();
  void refuse(req, res, 405, ErrorCode.methodNotAllowed);
}

/**
 * The scheme and host the browser used: `Host`, or the first `X-Forwarded-Host` when the
 * proxy that sent the request is one TRUST_PROXY trusts (Express's own rule for
 * `req.hostname`, which drops the port an origin needs); `req.protocol` follows
 * `X-Forwarded-Proto` on the same terms.
 */
function originUsed(req: Request): string | undefined {
  const trusts = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const forwarded = trusts(req.socket.remoteAddress, 0) ? req.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  const host = forwarded || req.get("host");
  return host && URL.canParse(`${req.protocol}://${host}`) ? new URL(`${req.protocol}://${host}`).origin : undefined;
}

/**
 * A post must come from our own pages: its `Origin` is the address the browser used (any
 * address of the machine, a phone on the network included) or PUBLIC_URL's (a proxy that
 * rewrites Host). Browsers send `Origin` with every cross-site post and `Sec-Fetch-Site` with
 * every request; either one from elsewhere (or "null") is refused, data requests included,
 * which stops CSRF and login CSRF. Clients that send neither (scripts, old webviews) are not
 * browsers a site can abuse.
 */
export function originGuard(publicUrl: string) {
  const own = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    const foreign =
      (origin !== undefined && origin !== own && origin !== originUsed(req)) ||
      (site !== undefined && site !== "same-origin" && site !== "none");
    if (!foreign) return next();
    void refuse(req, res, 403, ErrorCode.forbiddenOrigin);
  };
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A body must say its length, and stay under the limit (an upload's own, on its pages), before
 * a byte of it is read: Node's parser then never lets more through than was declared. Every
 * action reads a form, so a body of any other type (JSON, text) is refused with 400 here
 * rather than failing inside Remix's form parser.
 */
export function bodyGuard(opts: Pick<GuardOptions, "bodyLimit" | "uploadLimit" | "uploadPaths">) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE.has(req.method)) return next();
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"] === undefined) return next();
      return void refuse(req, res, 411, ErrorCode.lengthRequired);
    }
    const type = String(req.headers["content-type"] ?? "")
      .split(";")[0]
      .trim()
      .toLowerCase();
    if (Number(declared) > 0 && !FORM_TYPES.includes(type)) {
      res.setHeader("Connection", "close");
      return void refuse(req, res, 400, ErrorCode.badRequest);
    }
    const upload = opts.uploadPaths.includes(req.path) && type === "multipart/form-data";
    if (Number(declared) > (upload ? opts.uploadLimit : opts.bodyLimit)) {
      // The body is not wanted: close the connection after answering rather than read it.
      res.setHeader("Connection", "close");
      return void refuse(req, res, 413, ErrorCode.tooLarge);
    }
    next();
  };
}

/**
 * Pages of a signed-in user and Remix's data requests are never stored by a shared cache, nor
 * by the browser's back-forward cache after logout. Uploaded pictures and the manifest (the
 * same for everyone who reads its language) keep their own caching.
 */
export function privateCaching(req: Request, res: Response, next: NextFunction): void {
  const personal = isDataPath(req.path) || /(?:^|;\s*)vv_session=/.test(req.headers.cookie ?? "");
  const shared = mediaName(req.path) !== null || req.path === "/manifest.webmanifest";
  if (personal && !shared) res.setHeader("Cache-Control", "private, no-store");
  next();
}

/**
 * Requests per visitor IP (as TRUST_PROXY resolves it, an IPv6 visitor by its network of
 * `ipv6Prefix` bits, as the API counts: `ipLimitKey`): pages and data, and, tighter, posts.
 * Static files are served before this and are not counted. Over a limit: 429 with Retry-After,
 * as a toast or a small page in the visitor's language.
 */
export function rateGuard(limits: RateLimits, opts: { perMinute: number; postsPerMinute: number; ipv6Prefix: number }) {
  const all = limits.limiter("web-ip", opts.perMinute);
  const posts = limits.limiter("web-posts", opts.postsPerMinute);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const ip = ipLimitKey(req.ip ?? "", opts.ipv6Prefix);
    const waits = await Promise.all([all.take(ip), SAFE.has(req.method) ? 0 : posts.take(ip)]);
    const wait = Math.max(...waits);
    if (wait === 0) return next();
    res.setHeader("Retry-After", String(wait));
    await refuse(req, res, 429, ErrorCode.rateLimited);
  };
}
