import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppealPage } from "#app/features/appeal/appeal-page.tsx";
import { appealAction, loadAppeal } from "#app/features/appeal/appeal.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

// Signed out by the ban: rendered on the server only, one form, no JavaScript.
export const handle: RouteHandle = { i18n: ["appeal", "moderation"], hydrate: false };
export const loader = ({ request }: LoaderFunctionArgs) => loadAppeal(request);
export const action = ({ request }: ActionFunctionArgs) => appealAction(request);
export const meta = titleFromData;
export default AppealPage;
