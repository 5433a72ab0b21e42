import { useLocation, useNavigation } from "@remix-run/react";

type Shape = "title" | "line" | "short" | "block";

/** A grey placeholder block of one of a few shapes. */
function Skeleton({ shape }: { shape: Shape }) {
  return <span className={`skeleton skeleton--${shape}`} />;
}

/**
 * While another page of the signed-in app loads, its shape (band, cards) stands in for it.
 * It fades in after a moment, so a fast navigation never flashes it; it is decorative (the
 * loading spinner is the announced status) and lets every tap through.
 */
export function PendingPage() {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading" || navigation.location.pathname === location.pathname) return null;
  return (
    <div className="page-pending" aria-hidden="true">
      <div className="page">
        <div className="band">
          <Skeleton shape="title" />
        </div>
        {[0, 1, 2].map((i) => (
          <div key={i} className="card">
            <Skeleton shape="short" />
            <Skeleton shape="block" />
            <Skeleton shape="line" />
          </div>
        ))}
      </div>
    </div>
  );
}
