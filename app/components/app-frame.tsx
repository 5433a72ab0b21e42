import type { ReactNode } from "react";
import { BottomTabs } from "./bottom-tabs.tsx";
import { PendingPage } from "./skeleton.tsx";

/** The signed-in layout around a page: the page, the shape of the next one while it loads, the bottom tabs. */
export function AppFrame({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <div className="app__content">{children}</div>
      <PendingPage />
      <BottomTabs />
    </div>
  );
}
