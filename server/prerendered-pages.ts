import { randomBytes } from "node:crypto";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { detectLocale } from "#lib/visitor-language.ts";

interface Rendered {
  body: string;
  headers: [string, string][];
}

/** The cookies that change what these pages show: a flash toast, a login (sent on to the app), the native app. */
const PAGE_CHANGING_COOKIES = /(?:^|;\s*)vv_(?:toast|session|app)=/;

/**
 * Pages whose HTML depends on the language alone for a visitor who is not signed in (the legal
 * texts, /login, /register): Remix renders each once per language and later visits get the
 * stored document (decision 021). A page with scripts is rendered with a stand-in nonce that
 * each visit's own nonce replaces, so the CSP stays per response. A visit that could change the
 * page (a query string, one of PAGE_CHANGING_COOKIES) goes to Remix as usual.
 */
export function prerenderedPages(paths: readonly string[], build: ServerBuild, loadContext: AppLoadContext) {
  const handle = createRequestHandler(build, "production");
  const rendered = new Map<string, Promise<Rendered | null>>();
  // Random, so no text on a page can be mistaken for it; base64 like a real nonce.
  const standIn = randomBytes(16).toString("base64");

  async function render(url: string, acceptLanguage: string): Promise<Rendered | null> {
    const res = await handle(new Request(url, { headers: { "accept-language": acceptLanguage } }), { ...loadContext, cspNonce: standIn });
    if (res.status !== 200) return null;
    return { body: await res.text(), headers: [...res.headers].filter(([name]) => name !== "set-cookie") };
  }

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const cacheable =
      (req.method === "GET" || req.method === "HEAD") &&
      paths.includes(req.path) &&
      req.originalUrl === req.path &&
      !PAGE_CHANGING_COOKIES.test(req.headers.cookie ?? "");
    if (!cacheable) return next();
    const locale = await detectLocale(
      new globalThis.Request(new URL(req.originalUrl, "http://localhost"), {
        headers: { cookie: req.headers.cookie ?? "", "accept-language": req.headers["accept-language"] ?? "" },
      }),
    );
    const key = `${req.path}|${locale}`;
    let page = rendered.get(key);
    if (!page) {
      page = render(new URL(req.path, "http://localhost").toString(), locale);
      rendered.set(key, page);
    }
    const done = await page.catch(() => null);
    if (!done) {
      rendered.delete(key);
      return next();
    }
    for (const [name, value] of done.headers) res.setHeader(name, value);
    res.status(200).send(done.body.replaceAll(standIn, res.locals.cspNonce as string));
  };
}
