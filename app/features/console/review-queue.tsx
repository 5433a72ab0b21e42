import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { ReasonSelect } from "./fields.tsx";
import type { Reason } from "./reasons.server.ts";

export interface QueueItem {
  userId: number;
  picture: string;
  /** What the picture is of, for its alternative text and the item's heading. */
  title: string;
  facts: [string, ReactNode][];
}

const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA", "BUTTON"]);

/**
 * Keys for a queue worked through all day: J and K move between pictures, A approves the one in
 * focus, R goes to its reason (then Enter rejects). Keys typed in a field stay the field's.
 */
function useShortcuts(list: React.RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || TYPING.has((event.target as HTMLElement).tagName)) return;
      const items = [...(list.current?.querySelectorAll<HTMLElement>(":scope > li > article") ?? [])];
      if (items.length === 0) return;
      const at = items.findIndex((item) => item.contains(document.activeElement));
      const key = event.key.toLowerCase();
      if (key === "j" || key === "k") {
        const next = at < 0 ? 0 : Math.min(items.length - 1, Math.max(0, at + (key === "j" ? 1 : -1)));
        items[next].focus();
      } else if (key === "a" && at >= 0) {
        items[at].querySelector<HTMLButtonElement>("button[value=approve]")?.click();
      } else if (key === "r" && at >= 0) {
        items[at].querySelector<HTMLSelectElement>("select")?.focus();
      } else return;
      event.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [list]);
}

/** A review queue: each waiting picture with its facts, approve, or reject with a reason from the list and a note for the audit log. */
export function ReviewQueue(props: { heading: string; empty: string; items: QueueItem[]; reasons: Reason[] }) {
  const list = useRef<HTMLOListElement>(null);
  const failed = useActionData<{ error?: string }>();
  const busy = useNavigation().formData?.get("user_id");
  useShortcuts(list);
  return (
    <main className="console__main">
      <h1>
        {props.heading} ({props.items.length})
      </h1>
      <p className="hint">Keys: J and K go to the next and previous picture, A approves it, R goes to its reason (then Enter rejects).</p>
      {failed?.error ? (
        <p className="notice notice--warn" role="alert">
          {failed.error}
        </p>
      ) : null}
      {props.items.length === 0 ? <p>{props.empty}</p> : null}
      <ol className="review-list" ref={list}>
        {props.items.map((item) => (
          <li key={item.userId}>
            <article className="card review" tabIndex={-1} aria-labelledby={`item-${item.userId}`}>
              <img className="review__picture" src={item.picture} alt={item.title} width={240} height={240} />
              <div className="review__body">
                <h2 id={`item-${item.userId}`}>{item.title}</h2>
                <dl className="facts">
                  {item.facts.map(([term, value]) => (
                    <div key={term}>
                      <dt>{term}</dt>
                      <dd className="break">{value}</dd>
                    </div>
                  ))}
                </dl>
                <Form method="post" className="actions">
                  <input type="hidden" name="user_id" value={item.userId} />
                  <button type="submit" name="intent" value="approve" className="button" disabled={busy === String(item.userId)}>
                    Approve
                  </button>
                </Form>
                <Form method="post" className="form">
                  <input type="hidden" name="user_id" value={item.userId} />
                  <ReasonSelect id={`reason-${item.userId}`} label="Reason to reject (the user reads it)" reasons={props.reasons} />
                  <div className="field">
                    <label htmlFor={`note-${item.userId}`}>Note for the audit log (optional)</label>
                    <input id={`note-${item.userId}`} name="note" maxLength={500} autoComplete="off" />
                  </div>
                  <button
                    type="submit"
                    name="intent"
                    value="reject"
                    className="button button--danger"
                    disabled={busy === String(item.userId)}
                  >
                    Reject
                  </button>
                </Form>
              </div>
            </article>
          </li>
        ))}
      </ol>
    </main>
  );
}
