import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ExchangePage } from "#app/features/tools/exchange-page.tsx";
import { exchangeAction, loadExchange } from "#app/features/tools/tools.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["tools"] };
export const loader = ({ request, params }: LoaderFunctionArgs) => loadExchange(request, params.exchangeId);
export const action = ({ request, params }: ActionFunctionArgs) => exchangeAction(request, params.exchangeId);
export const meta = titleFromData;
export default ExchangePage;
