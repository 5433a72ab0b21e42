import type { LoaderFunctionArgs } from "@remix-run/node";
import { ProfilePage } from "#app/features/profile/profile-page.tsx";
import { loadProfilePage } from "#app/features/profile/profile.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["profile", "ledger"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadProfilePage(request);
export const meta = titleFromData;
export default ProfilePage;
