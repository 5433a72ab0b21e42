import type { LoaderFunctionArgs } from "@remix-run/node";
import { manifestLoader } from "#app/features/install/manifest.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => manifestLoader(request);
