import { BlockList, isIP } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "./csp.ts";

/** The operators' console's pages and their data requests (decision 063), on a path as `routedPath` gives it. */
const CONSOLE_PATH = /^console(?:\/|\.data$|$)/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path as the router will match it, so the guard can never see less than the router does:
 * Remix's adapter parses the whole URL (resolving `..`, `%2e%2e` and backslashes), the router
 * decodes each segment and ignores case. Empty segments are dropped too, which guards a few
 * paths the router would send elsewhere: only ever more, never less.
 */
function routedPath(originalUrl: string): string {
  const pathname = URL.parse(`http://host${originalUrl}`)?.pathname ?? originalUrl;
  return pathname.split("/").filter(Boolean).map(decoded).join("/").toLowerCase();
}

function listOf(allowed: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An IPv4 client Node reports as ::ffff:a.b.c.d is matched as the IPv4 address it is. */
function allows(list: BlockList, ip: string): boolean {
  const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The console's own rules, before any page of it renders: never indexed nor cached, a stricter
 * policy than the app's (no map tiles, nothing but this origin), and, with CONSOLE_ALLOW_IPS
 * set, nothing at all for a visitor outside the list: the same 404 as a page that does not exist.
 */
export function consoleGuard(allowed: readonly string[] | undefined) {
  const list = allowed ? listOf(allowed) : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!CONSOLE_PATH.test(routedPath(req.originalUrl))) return next();
    if (list && !allows(list, req.ip ?? "")) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.cspNonce as string, { img: "'self'", connect: "'self'" }));
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Cache-Control", "no-store");
    next();
  };
}
