import type { LoaderFunctionArgs } from "@remix-run/node";
import { roundCalendar } from "#app/features/airdrop/round-calendar.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => roundCalendar(request);
