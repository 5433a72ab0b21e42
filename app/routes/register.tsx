import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AuthPage } from "~/components/auth-page.tsx";
import { authPageLoader } from "~/utils/auth-page.server.ts";
import { otpAction } from "~/utils/otp-action.server.ts";
import { seoMeta } from "~/utils/seo.ts";

export const loader = ({ request }: LoaderFunctionArgs) => authPageLoader(request, "register");
export const action = ({ request }: ActionFunctionArgs) => otpAction(request, "register");
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? seoMeta({ title: data.title, description: data.description, publicUrl: data.publicUrl, path: "/register" }) : [];

export default function Register() {
  return <AuthPage mode="register" />;
}
