import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { countdown } from "#app/utils/format.ts";

// After zero the server needs a moment to distribute the round (its scheduler ticks every few
// seconds, a large round takes a few more): look again a few times rather than once.
const RELOADS_AFTER_ZERO_MS = [1500, 6000, 15000];

/**
 * Seconds until `deadline` (epoch seconds, by the server's clock `serverNow`): the server's
 * value on the first render, ticking once hydrated; at zero the page's data is reloaded a few times.
 */
export function useCountdown(deadline: number, serverNow: number): number {
  const [left, setLeft] = useState(Math.max(0, deadline - serverNow));
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  // The reloads outlive the deadline they were set for: the first one usually brings the next
  // round's deadline, and the later ones are what pick up the round once it is distributed.
  const reloads = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => reloads.current.forEach(clearTimeout), []);
  useEffect(() => {
    const end = Date.now() + (deadline - serverNow) * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.round((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(interval);
        reloads.current.forEach(clearTimeout);
        reloads.current = RELOADS_AFTER_ZERO_MS.map((ms) => setTimeout(() => revalidate.current(), ms));
      }
    };
    const interval = setInterval(tick, 1000);
    tick();
    return () => clearInterval(interval);
  }, [deadline, serverNow]);
  return left;
}

/** hh:mm:ss until `deadline`, rendered by the server and ticking in the browser. */
export function Countdown({ deadline, serverNow, label }: { deadline: number; serverNow: number; label?: string }) {
  const left = useCountdown(deadline, serverNow);
  return (
    <time role="timer" className="countdown" dir="ltr" aria-label={label} dateTime={`PT${left}S`}>
      {countdown(left)}
    </time>
  );
}
