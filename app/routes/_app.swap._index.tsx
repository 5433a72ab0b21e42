import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SwapPage } from "#app/features/tools/swap-page.tsx";
import { loadSwap, swapAction } from "#app/features/tools/tools.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["tools"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadSwap(request);
export const action = ({ request }: ActionFunctionArgs) => swapAction(request);
export const meta = titleFromData;
export default SwapPage;
