import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfilePage } from "~/features/profile/profile-page.tsx";
import { loadProfilePage, profileAction } from "~/features/profile/profile.server.ts";
import type { RouteHandle } from "~/utils/i18n.ts";
import { titleFromData } from "~/utils/seo.ts";

export const handle: RouteHandle = { i18n: ["profile"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadProfilePage(request);
export const action = ({ request }: ActionFunctionArgs) => profileAction(request);
export const meta = titleFromData;
export default ProfilePage;
