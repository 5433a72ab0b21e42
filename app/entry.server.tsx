import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { normalizeLanguage } from "../contract/languages.ts";
import { translatorFor } from "./utils/i18next.server.ts";
import { TranslatorProvider } from "./utils/translation.tsx";
import { detectLocale } from "./utils/locale.server.ts";
import { NonceContext } from "./utils/nonce.tsx";

const ABORT_DELAY = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The root loader settled the language; reading it back keeps the render and the data in step.
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: string } | undefined;
  const locale = normalizeLanguage(rootData?.locale) ?? (await detectLocale(request));
  const nonce = (loadContext as { cspNonce?: string }).cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <TranslatorProvider value={translatorFor(locale)}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </TranslatorProvider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
