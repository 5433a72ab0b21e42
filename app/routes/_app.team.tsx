import type { LoaderFunctionArgs } from "@remix-run/node";
import { TeamPage } from "~/features/team/team-page.tsx";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleData } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";

export const handle: RouteHandle = { i18n: ["team"] };
export const loader = ({ request }: LoaderFunctionArgs) => titleData(request, "tabs.team");
export const meta = titleFromData;
export default TeamPage;
