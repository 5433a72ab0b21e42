import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AirdropPage } from "#app/features/airdrop/airdrop-page.tsx";
import { airdropAction, loadAirdrop } from "#app/features/airdrop/airdrop.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["airdrop", "profile"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadAirdrop(request);
export const action = ({ request }: ActionFunctionArgs) => airdropAction(request);
export const meta = titleFromData;
export default AirdropPage;
