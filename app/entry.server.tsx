import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { normalizeLanguage } from "#contract/languages.ts";
import { ROOT_NAMESPACES, type Namespace } from "./utils/i18n.ts";
import { PageTranslationsContext } from "./utils/page-translations.tsx";
import { pageTranslations } from "./utils/translations.server.ts";
import { TranslatorProvider } from "./utils/translation.tsx";
import { detectLocale } from "#lib/visitor-language.ts";
import { NonceContext } from "./utils/nonce.tsx";
import { renewSession } from "./utils/session.server.ts";

/**
 * Remix's <Scripts> preloads the page's modules at the browser's high priority, beside the
 * stylesheet; its links take no attributes, so the rendered HTML is given fetchpriority="low":
 * on a slow network the text and its stylesheet come first and paint, and the scripts, which
 * only hydrate a page that already works, follow (decision 029).
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * What server.ts asks of the app besides pages: whether the API answers (readiness) and when
 * its calls in flight have settled (shutdown). It reaches them through the build, so the one
 * copy of these modules that the pages use is the one it asks.
 */
export { apiAnswers, apiCallsSettled } from "./utils/api.server.ts";

/** How long a render may wait for the page's data to be written into it before it is cut off. */
export const streamTimeout = 5_000;

/**
 * The document, rendered in one piece. Single fetch writes the page's data into the HTML from
 * a stream, behind a Suspense boundary, so the render must be allowed to wait for it; but no
 * route defers data, so the whole page is ready at once: it is collected and sent as one
 * string, which is cheaper to gzip than dozens of chunks, and complete when its first byte
 * leaves (decision 030).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The root loader settled the language; reading it back keeps the render and the data in step.
  const rootData = remixContext.staticHandlerContext.loaderData.root as { locale?: string; namespaces?: Namespace[] } | undefined;
  const locale = normalizeLanguage(rootData?.locale) ?? (await detectLocale(request));
  // Without the root's data (its own loader failed) the page is the root's error: its namespaces
  // still go into the document, so the browser shows the error in the same words.
  const page = pageTranslations(locale, rootData?.namespaces ?? ROOT_NAMESPACES);
  const nonce = (loadContext as { cspNonce?: string }).cspNonce;
  const html = await renderDocument(
    <NonceContext.Provider value={nonce}>
      <TranslatorProvider value={page.translator}>
        <PageTranslationsContext.Provider value={page.json}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
        </PageTranslationsContext.Provider>
      </TranslatorProvider>
    </NonceContext.Provider>,
    nonce,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The service worker keeps the offline page in the language of the last page it saw.
  responseHeaders.set("Content-Language", locale);
  await renewSession(request, responseHeaders);
  // In development React would warn, at every hydration, of an attribute it did not render.
  const sent = process.env.NODE_ENV === "development" ? html : html.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD);
  return new Response(sent, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Remix's own fetch of a page's data or of an action's answer: a signed-in browser's session is
 * renewed here too, so a user who stays on one page (its countdown refreshing, its forms
 * posting) stays signed in. Resource routes (pictures, share images) never carry it.
 */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  await renewSession(request, response.headers);
  return response;
};

function renderDocument(element: React.ReactElement, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(cutOff);
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady: () => pipe(sink),
      onShellError: (error) => {
        clearTimeout(cutOff);
        reject(error);
      },
    });
    const cutOff = setTimeout(abort, streamTimeout + 1_000);
  });
}
