import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A bottom sheet over a dimmed page. The server renders it when the page's URL or data asks
 * for it, so it works without JavaScript; closing it is a link (`dismissTo`), which the
 * backdrop repeats for a tap outside. The backdrop is hidden from assistive technology and
 * the keyboard: the sheet's own cancel link is the accessible way out.
 */
export function Sheet(props: {
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  dismissTo: string;
  /** The upgrade sheet leaves the page usable behind it; a confirmation does not say. */
  modal?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="sheet-layer">
      <Link to={props.dismissTo} replace className="sheet__backdrop" tabIndex={-1} aria-hidden="true" />
      <div
        className="sheet"
        role={props.role ?? "dialog"}
        aria-modal={props.modal === undefined ? undefined : props.modal}
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
      >
        {props.children}
      </div>
    </div>
  );
}
