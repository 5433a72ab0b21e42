import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SettingsPage } from "#app/features/profile/settings-page.tsx";
import { loadSettings, settingsAction } from "#app/features/profile/settings.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["profile", "ledger", "moderation"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadSettings(request);
export const action = ({ request }: ActionFunctionArgs) => settingsAction(request);
export const meta = titleFromData;
export default SettingsPage;
