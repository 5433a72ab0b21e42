import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMoreMembers } from "#app/features/team/team.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => loadMoreMembers(request);
