import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { UnsubscribePage } from "#app/features/profile/unsubscribe-page.tsx";
import { loadUnsubscribe, unsubscribeAction } from "#app/features/profile/unsubscribe.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

// Opened from an e-mail, often signed out: rendered on the server only, one form, no JavaScript.
export const handle: RouteHandle = { i18n: ["profile"], hydrate: false };
export const loader = ({ request }: LoaderFunctionArgs) => loadUnsubscribe(request);
export const action = ({ request }: ActionFunctionArgs) => unsubscribeAction(request);
export const meta = titleFromData;
export default UnsubscribePage;
