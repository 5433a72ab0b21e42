import type { LoaderFunctionArgs } from "@remix-run/node";
import { ProfilePage } from "~/features/profile/profile-page.tsx";
import { loadProfilePage } from "~/features/profile/profile.server.ts";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleFromData } from "~/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["profile", "airdrop"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadProfilePage(request);
export const meta = titleFromData;
export default ProfilePage;
