import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { CampaignPage } from "#app/features/campaign/campaign-page.tsx";
import { campaignAction, loadCampaign } from "#app/features/campaign/campaign.server.ts";
import campaignHref from "#app/styles/campaign.css?url";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["campaign", "moderation"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: campaignHref }];
export const loader = ({ request }: LoaderFunctionArgs) => loadCampaign(request);
export const action = ({ request }: ActionFunctionArgs) => campaignAction(request);
export const meta = titleFromData;
export default CampaignPage;
