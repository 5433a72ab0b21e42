import type { ReactNode } from "react";

/** The gradient band at the top of each tab; the page's first card overlaps its lower edge. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header band">
      <h1>{title}</h1>
      {children}
    </header>
  );
}
