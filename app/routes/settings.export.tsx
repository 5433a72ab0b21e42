import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportDownload } from "#app/features/ledger/export.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => exportDownload(request);
