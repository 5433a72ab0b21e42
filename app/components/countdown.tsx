import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { countdown } from "~/utils/format.ts";

/**
 * hh:mm:ss until a deadline. The server renders it from the seconds it computed; once
 * hydrated it ticks, and at zero it reloads the page's data (the round has turned).
 */
export function Countdown({ seconds, label }: { seconds: number; label?: string }) {
  const [left, setLeft] = useState(seconds);
  const revalidator = useRevalidator();
  useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    setLeft(seconds);
    let fired = false;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0 && !fired) {
        fired = true;
        clearInterval(timer);
        // A moment's grace so the server has distributed the round that just closed.
        setTimeout(() => revalidator.revalidate(), 1500);
      }
    }, 1000);
    return () => clearInterval(timer);
    // Restarts only when the server sends a new deadline, not when the revalidator changes.
  }, [seconds]);
  return (
    <time role="timer" className="countdown" dir="ltr" aria-label={label} dateTime={`PT${Math.max(0, left)}S`}>
      {countdown(left)}
    </time>
  );
}
