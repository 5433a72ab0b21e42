import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveMedia } from "#app/features/profile/media.server.ts";

export const loader = ({ params }: LoaderFunctionArgs) => serveMedia(params.name);
