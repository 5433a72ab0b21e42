import type { ReactNode } from "react";

/**
 * A label over a big number, for use inside a `<dl>`. The number is isolated left-to-right,
 * so digits, signs and decimal points keep their order on RTL pages.
 */
export function Stat({ label, value, unit, large }: { label: ReactNode; value: ReactNode; unit?: string; large?: boolean }) {
  return (
    <div className={large ? "stat stat--lg" : "stat"}>
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">
        <bdi dir="ltr" className="num">
          {value}
        </bdi>
        {unit ? <span className="stat__unit"> {unit}</span> : null}
      </dd>
    </div>
  );
}
