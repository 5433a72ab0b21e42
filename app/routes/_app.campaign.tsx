import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { CampaignPage } from "~/features/campaign/campaign-page.tsx";
import { campaignAction, loadCampaign } from "~/features/campaign/campaign.server.ts";
import campaignHref from "~/styles/campaign.css?url";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleFromData } from "~/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["campaign"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: campaignHref }];
export const loader = ({ request }: LoaderFunctionArgs) => loadCampaign(request);
export const action = ({ request }: ActionFunctionArgs) => campaignAction(request);
export const meta = titleFromData;
export default CampaignPage;
