import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { BottomTabs } from "~/components/bottom-tabs.tsx";
import { loadSignedInUser } from "~/utils/account.server.ts";

/** Every signed-in page sits here: the profile is loaded once for them, then the bottom tabs. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ user: await loadSignedInUser(request) });
}

export function useSignedInUser() {
  return useRouteLoaderData<typeof loader>("routes/_app")!.user;
}

export default function AppLayout() {
  return (
    <div className="app">
      <div className="app__content">
        <Outlet />
      </div>
      <BottomTabs />
    </div>
  );
}
