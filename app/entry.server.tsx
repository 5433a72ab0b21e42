import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { normalizeLanguage } from "../contract/languages.ts";
import { translatorFor } from "./utils/translations.server.ts";
import { TranslatorProvider } from "./utils/translation.tsx";
import { detectLocale } from "./utils/locale.server.ts";
import { NonceContext } from "./utils/nonce.tsx";

/**
 * Remix's <Scripts> preloads the page's modules at the browser's high priority, beside the
 * stylesheet; its links take no attributes, so the rendered HTML is given fetchpriority="low":
 * on a slow network the text and its stylesheet come first and paint, and the scripts, which
 * only hydrate a page that already works, follow (decision 029).
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The document, rendered in one piece. No route defers data, so streaming would only cut the
 * same bytes into dozens of chunks, each one a trip through compression: one string is
 * cheaper to render and to gzip (issue 12), and the page is complete when its first byte leaves.
 */
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
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <TranslatorProvider value={translatorFor(locale)}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </TranslatorProvider>
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD)}`, { headers: responseHeaders, status: responseStatusCode });
}
