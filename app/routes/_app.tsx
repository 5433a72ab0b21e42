import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { BottomTabs } from "~/components/bottom-tabs.tsx";
import { PendingPage } from "~/components/skeleton.tsx";
import { loadLayout } from "~/features/profile/layout.server.ts";

/** Every signed-in page sits here: the profile is loaded once for them, then the bottom tabs,
 * and the shape of the next page while it loads. */
export const loader = ({ request }: LoaderFunctionArgs) => loadLayout(request);

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
