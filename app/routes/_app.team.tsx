import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { TeamPage } from "#app/features/team/team-page.tsx";
import { loadTeam, teamAction } from "#app/features/team/team.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["team"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadTeam(request);
export const action = ({ request }: ActionFunctionArgs) => teamAction(request);
export const meta = titleFromData;
export default TeamPage;
