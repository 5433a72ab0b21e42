import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { BottomTabs } from "~/components/bottom-tabs.tsx";
import { PendingPage } from "~/components/skeleton.tsx";
import { loadSignedInUser } from "~/features/profile/profile.server.ts";

/** Every signed-in page sits here: the profile is loaded once for them, then the bottom tabs,
 * and the shape of the next page while it loads. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json({ user: await loadSignedInUser(request) });
}

export default function AppLayout() {
  return (
    <div className="app">
      <div className="app__content">
        <Outlet />
      </div>
      <PendingPage />
      <BottomTabs />
    </div>
  );
}
