import { BlockList, isIP } from "node:net";
import type { NextFunction, Request, Response } from "express";
import { contentSecurityPolicy } from "./csp.ts";

/** The operators' console's pages and their data requests (decision 063). */
const CONSOLE_PATH = /^\/console(?:\/|\.data$|$)/;

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
    if (!CONSOLE_PATH.test(req.path)) return next();
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
