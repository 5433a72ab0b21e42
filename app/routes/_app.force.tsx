import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ToolsPage } from "#app/features/tools/tools-page.tsx";
import { loadTools, toolsAction } from "#app/features/tools/tools.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["tools"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadTools(request);
export const action = ({ request }: ActionFunctionArgs) => toolsAction(request);
export const meta = titleFromData;
export default ToolsPage;
