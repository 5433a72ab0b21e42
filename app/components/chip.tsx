import type { ReactNode } from "react";

export type ChipTone = "neutral" | "brand" | "success" | "warn" | "danger";

/** A short status or amount in a pill of one fixed height. Not interactive. */
export function Chip({ tone = "neutral", dir, children }: { tone?: ChipTone; dir?: "ltr"; children: ReactNode }) {
  return (
    <span className={`chip chip--${tone}`} dir={dir}>
      {children}
    </span>
  );
}
