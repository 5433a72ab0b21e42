import type { LoaderFunctionArgs } from "@remix-run/node";
import { ToolsPage } from "~/features/tools/tools-page.tsx";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleData } from "~/utils/page-title.server.ts";
import { titleFromData } from "~/utils/seo.ts";

export const handle: RouteHandle = { i18n: ["tools"] };
export const loader = ({ request }: LoaderFunctionArgs) => titleData(request, "tabs.tools");
export const meta = titleFromData;
export default ToolsPage;
