import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuthPage } from "#app/features/auth/auth-page.tsx";
import { authPageLoader } from "#app/features/auth/auth-page.server.ts";
import { otpAction } from "#app/features/auth/otp-action.server.ts";
import type { RouteHandle } from "#app/utils/i18n.ts";
import { seoMeta } from "#app/utils/seo.ts";

export const handle: RouteHandle = { i18n: ["auth"] };
export const loader = ({ request }: LoaderFunctionArgs) => authPageLoader(request, "login");
export const action = ({ request }: ActionFunctionArgs) => otpAction(request, "login");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/login" }) : [];

export default function Page() {
  return <AuthPage mode="login" />;
}
