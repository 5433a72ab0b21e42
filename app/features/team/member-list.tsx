import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { Toast } from "#app/utils/toast.ts";
import { MemberRow, type ShownMember } from "./member-row.tsx";
import { moreMembersHref, teamHref } from "./team-links.ts";

interface MorePage {
  page: { list: ShownMember[]; next_cursor: string | null } | null;
  failed: Toast | null;
}

/** The members of every page so far, each once: a member who joined meanwhile shifts nobody twice. */
function uniqueById(members: ShownMember[]): ShownMember[] {
  const seen = new Set<number>();
  return members.filter((m) => !seen.has(m.user_id) && seen.add(m.user_id));
}

/**
 * The level's members. Without JavaScript the "more" link opens the next page; with it, the
 * list grows in place as the link scrolls into view (or is tapped), until a page comes back
 * empty or last. A failed page keeps what is shown and leaves the link to try again.
 */
export function MemberList(props: { level: "1" | "2"; label: string; members: ShownMember[]; nextCursor: string | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<MorePage>();
  const [more, setMore] = useState<{ members: ShownMember[]; next: string | null; failed: boolean }>({
    members: [],
    next: props.nextCursor,
    failed: false,
  });
  const sentinel = useRef<HTMLAnchorElement>(null);
  const loading = fetcher.state !== "idle";

  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    setMore((m) =>
      data.page
        ? { members: [...m.members, ...data.page.list], next: data.page.list.length > 0 ? data.page.next_cursor : null, failed: false }
        : { ...m, failed: true },
    );
  }, [fetcher.data]);

  const load = () => {
    if (more.next && fetcher.state === "idle") fetcher.load(moreMembersHref(props.level, more.next));
  };
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const link = sentinel.current;
    if (!link || more.failed || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadRef.current(), {
      rootMargin: "400px 0px",
    });
    observer.observe(link);
    return () => observer.disconnect();
  }, [more.next, more.failed]);

  const members = uniqueById([...props.members, ...more.members]);
  return (
    <>
      <ul className="members" aria-label={props.label} aria-busy={loading}>
        {members.map((m) => (
          <MemberRow key={m.user_id} member={m} />
        ))}
      </ul>
      {more.failed ? (
        <p className="field__error" role="alert">
          {t("team:members.loadFailed")}
        </p>
      ) : null}
      {more.next ? (
        <Link
          ref={sentinel}
          to={`${teamHref(props.level, more.next)}#members`}
          className="button button--secondary button--block"
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            load();
          }}
        >
          {loading ? t("team:members.loading") : t("team:members.more")}
        </Link>
      ) : null}
    </>
  );
}
