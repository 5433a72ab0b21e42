import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons.tsx";

/**
 * A row at least 48px high: leading icon (or any `leading` element, such as an avatar), title, optional subtitle, and a trailing slot
 * (a chip, a button). `heading` makes the title a real heading of that level, so the row
 * can head a section; `as="li"` puts it straight into a list.
 */
export function ListRow(props: {
  icon?: IconName;
  leading?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  trailing?: ReactNode;
  heading?: 2 | 3;
  titleId?: string;
  as?: "div" | "li";
}) {
  const Row = props.as ?? "div";
  const Title = props.heading ? (`h${props.heading}` as const) : "p";
  return (
    <Row className="list-row">
      {props.icon ? (
        <span className="list-row__icon">
          <Icon name={props.icon} />
        </span>
      ) : (
        props.leading
      )}
      <div className="list-row__body">
        <Title className="list-row__title" id={props.titleId}>
          {props.title}
        </Title>
        {props.subtitle ? <p className="list-row__subtitle">{props.subtitle}</p> : null}
      </div>
      {props.trailing ? <div className="list-row__trailing">{props.trailing}</div> : null}
    </Row>
  );
}
