import type { ReactNode } from "react";

/** Nothing to list yet: a small drawing (in the theme's colours) above the explanation. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty">
      <svg className="empty__art" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
        <ellipse className="a" cx="60" cy="84" rx="46" ry="8" />
        <rect className="b" x="26" y="34" width="68" height="46" rx="8" />
        <path className="c" d="M26 48h68M48 62h24" />
        <path className="c" d="M60 6v16m-16-8 6 6m26-6-6 6" />
      </svg>
      {children}
    </div>
  );
}
