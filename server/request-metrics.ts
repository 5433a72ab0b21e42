import { extname } from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { observeRequest } from "#lib/metrics.ts";
import { isDataPath } from "./request-guards.ts";
import { routePatterns } from "./route-namespaces.ts";

const PROBES = new Set(["/livez", "/healthz"]);

/**
 * Times every request of the web app and counts it by route pattern and status (docs/decisions/059),
 * when its answer is done or its connection closed. A page and its data request (`<path>.data`)
 * are apart, the data request's pattern ending in `.data`; build files are `/assets/*`, the
 * public folder's `static`. The route is found after the answer, from the build the pages run.
 */
export function requestMetrics(build: () => Promise<ServerBuild>) {
  const patterns = new WeakMap<ServerBuild, (pathname: string) => string>();
  const pageRoute = async (path: string): Promise<string> => {
    const current = await build();
    let patternOf = patterns.get(current);
    if (!patternOf) patterns.set(current, (patternOf = routePatterns(current.routes)));
    return patternOf(path);
  };
  const routeOf = async (path: string): Promise<string> => {
    if (PROBES.has(path)) return path;
    if (path.startsWith("/assets/")) return "/assets/*";
    if (!isDataPath(path)) return extname(path) ? "static" : pageRoute(path);
    const page = path.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    return `${await pageRoute(page)}.data`;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    // Read now: the mounted middlewares (/assets) change it while they run.
    const path = req.path;
    res.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      routeOf(path).then(
        (route) => observeRequest("web", req.method, route, res.statusCode, seconds),
        () => observeRequest("web", req.method, "unmatched", res.statusCode, seconds),
      );
    });
    next();
  };
}
