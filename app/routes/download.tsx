import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DownloadPage } from "#app/features/download/download-page.tsx";
import { downloadLoader } from "#app/features/download/download.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { seoMeta } from "#app/utils/seo.ts";

// Links and a copyable address only: rendered on the server with no JavaScript, so the page loads
// fast in the slow in-app browsers it is meant for (decision 023).
export const handle: RouteHandle = { i18n: ["download"], hydrate: false };
export const loader = (args: LoaderFunctionArgs) => downloadLoader(args);
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/download" }) : [];

export default DownloadPage;
