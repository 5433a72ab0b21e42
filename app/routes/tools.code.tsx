import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadCodeLookup } from "#app/features/tools/tools.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => loadCodeLookup(request);
