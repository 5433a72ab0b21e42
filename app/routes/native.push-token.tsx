import type { ActionFunctionArgs } from "@remix-run/node";
import { pushTokenAction } from "#app/features/auth/push-token.server.ts";

export const action = ({ request }: ActionFunctionArgs) => pushTokenAction(request);
