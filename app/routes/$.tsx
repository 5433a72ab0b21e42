import { redirect } from "@remix-run/node";

/** Every unknown path leads to the airdrop page, the app's home, rather than to a dead end. */
export const loader = () => redirect("/airdrop");
export const action = () => redirect("/airdrop");
