import type { LoaderFunctionArgs } from "@remix-run/node";
import { OfflinePage } from "#app/features/offline/offline-page.tsx";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { pageTitle } from "#app/utils/page-title.server.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

// Stored by the service worker and shown without a network, when no module of the app could load.
export const handle: RouteHandle = { i18n: ["offline"], hydrate: false };
export const loader = async ({ request }: LoaderFunctionArgs) => ({ title: await pageTitle(request, "error.offlineTitle") });
export const meta = titleFromData;

export default OfflinePage;
