import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadPasskeyOptions } from "#app/features/passkeys/options.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => loadPasskeyOptions(request);
