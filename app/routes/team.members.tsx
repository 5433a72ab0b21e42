import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMoreMembers } from "~/features/team/team.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => loadMoreMembers(request);
