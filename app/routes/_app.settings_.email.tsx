import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ChangeEmailPage } from "#app/features/profile/change-email-page.tsx";
import { changeEmailAction, loadChangeEmail } from "#app/features/profile/change-email.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { titleFromData } from "#app/utils/title-meta.ts";

export const handle: RouteHandle = { i18n: ["profile", "auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => loadChangeEmail(request);
export const action = ({ request }: ActionFunctionArgs) => changeEmailAction(request);
export const meta = titleFromData;
export default ChangeEmailPage;
