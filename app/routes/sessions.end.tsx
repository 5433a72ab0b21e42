import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SessionEndPage } from "#app/features/profile/session-end-page.tsx";
import { loadSessionEnd, sessionEndAction } from "#app/features/profile/session-end.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

// Opened from an e-mail, often signed out: rendered on the server only, one form, no JavaScript.
export const handle: RouteHandle = { i18n: ["profile"], hydrate: false };
export const loader = ({ request }: LoaderFunctionArgs) => loadSessionEnd(request);
export const action = ({ request }: ActionFunctionArgs) => sessionEndAction(request);
export const meta = titleFromData;
export default SessionEndPage;
