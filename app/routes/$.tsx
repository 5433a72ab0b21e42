import { redirect } from "@remix-run/node";

/** Every unknown path leads to the airdrop page (product spec §2). */
export const loader = () => redirect("/airdrop");
export const action = () => redirect("/airdrop");
