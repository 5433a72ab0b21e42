import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadPushKey } from "#app/features/profile/settings.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => loadPushKey(request);
