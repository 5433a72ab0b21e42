import { countdown } from "#app/utils/format.ts";
import { useCountdown } from "./countdown.tsx";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A round's progress as a ring with the time left inside. The server draws it for the moment
 * of the request (it works without JavaScript); once hydrated it fills second by second.
 */
export function RoundRing(props: { deadline: number; serverNow: number; total: number; label: string }) {
  const left = useCountdown(props.deadline, props.serverNow);
  const done = props.total > 0 ? Math.min(1, Math.max(0, 1 - left / props.total)) : 0;
  return (
    <div className="ring">
      <svg className="ring__svg" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="ring-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" className="ring__stop-a" />
            <stop offset="1" className="ring__stop-b" />
          </linearGradient>
        </defs>
        <circle className="ring__track" cx="60" cy="60" r={RADIUS} />
        <circle
          className="ring__bar"
          cx="60"
          cy="60"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE.toFixed(2)}
          strokeDashoffset={(CIRCUMFERENCE * (1 - done)).toFixed(2)}
        />
      </svg>
      <div className="ring__center">
        <time role="timer" className="ring__time num" dir="ltr" aria-label={props.label} dateTime={`PT${left}S`}>
          {countdown(left)}
        </time>
      </div>
    </div>
  );
}
