import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SessionsPage } from "#app/features/profile/sessions-page.tsx";
import { loadSessions, sessionsAction } from "#app/features/profile/sessions.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["profile", "passkeys"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadSessions(request);
export const action = ({ request }: ActionFunctionArgs) => sessionsAction(request);
export const meta = titleFromData;
export default SessionsPage;
