import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AppFrame } from "#app/components/app-frame.tsx";
import { PageError } from "#app/components/page-error.tsx";
import { loadLayout } from "#app/features/profile/layout.server.ts";

/** Every signed-in page sits here: the profile is loaded once for them, then the bottom tabs,
 * and the shape of the next page while it loads. */
export const loader = ({ request }: LoaderFunctionArgs) => loadLayout(request);

export default function AppLayout() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

/** A page (or the profile above it) that could not load: the error takes the page's place, the tabs stay. */
export function ErrorBoundary() {
  return (
    <AppFrame>
      <PageError inFrame />
    </AppFrame>
  );
}
