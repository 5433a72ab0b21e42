import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logoutAction } from "#app/features/auth/logout.server.ts";

export const loader = () => redirect("/mine");
export const action = ({ request }: ActionFunctionArgs) => logoutAction(request);
