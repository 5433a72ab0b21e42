import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveShareImage } from "#app/features/campaign/share-image.server.ts";

export const loader = ({ request, params }: LoaderFunctionArgs) => serveShareImage(request, params.file);
