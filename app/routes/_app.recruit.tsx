import type { LoaderFunctionArgs } from "@remix-run/node";
import { RecruitPage } from "#app/features/team/recruit-page.tsx";
import { loadRecruit } from "#app/features/team/recruit.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["team"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadRecruit(request);
export const meta = titleFromData;
export default RecruitPage;
