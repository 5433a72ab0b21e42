import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { countdown } from "~/utils/format.ts";

// After zero the server needs a moment to distribute the round (its scheduler ticks every few
// seconds, a large round takes a few more): look again a few times rather than once.
const RELOADS_AFTER_ZERO_MS = [1500, 6000, 15000];

/**
 * hh:mm:ss until `deadline` (epoch seconds, by the server's clock `serverNow`). The server
 * renders it; once hydrated it ticks, and at zero it reloads the page's data.
 */
export function Countdown({ deadline, serverNow, label }: { deadline: number; serverNow: number; label?: string }) {
  const [left, setLeft] = useState(Math.max(0, deadline - serverNow));
  const revalidator = useRevalidator();
  useEffect(() => {
    const end = Date.now() + (deadline - serverNow) * 1000;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const tick = () => {
      const remaining = Math.max(0, Math.round((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(interval);
        for (const ms of RELOADS_AFTER_ZERO_MS) timers.push(setTimeout(() => revalidator.revalidate(), ms));
      }
    };
    const interval = setInterval(tick, 1000);
    tick();
    return () => {
      clearInterval(interval);
      timers.forEach(clearTimeout);
    };
    // Restarts when the server sends a new deadline or a fresher clock, not when the revalidator changes.
  }, [deadline, serverNow]);
  return (
    <time role="timer" className="countdown" dir="ltr" aria-label={label} dateTime={`PT${left}S`}>
      {countdown(left)}
    </time>
  );
}
