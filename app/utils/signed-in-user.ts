import { useRouteLoaderData } from "@remix-run/react";
import type { User } from "#contract/profile.ts";

/** The signed-in user, loaded once by the app layout (routes/_app.tsx) for every tab. */
export function useSignedInUser(): User {
  return useRouteLoaderData<{ user: User }>("routes/_app")!.user;
}
