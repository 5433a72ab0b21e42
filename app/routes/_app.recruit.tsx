import type { LoaderFunctionArgs } from "@remix-run/node";
import { RecruitPage } from "~/features/team/recruit-page.tsx";
import { loadRecruit } from "~/features/team/recruit.server.ts";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleFromData } from "~/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["team"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadRecruit(request);
export const meta = titleFromData;
export default RecruitPage;
