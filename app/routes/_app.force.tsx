import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ToolsPage } from "~/features/tools/tools-page.tsx";
import { loadTools, toolsAction } from "~/features/tools/tools.server.ts";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleFromData } from "~/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["tools"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadTools(request);
export const action = ({ request }: ActionFunctionArgs) => toolsAction(request);
export const meta = titleFromData;
export default ToolsPage;
