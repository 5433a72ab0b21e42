import { Link } from "@remix-run/react";
import { utcMinute } from "./utc-minute.ts";

/** The console's page of one person. */
export const personPath = (userId: number) => `/console/people/${userId}`;

/** Where an account stands, in a few words: deleted, banned since when, or active. */
export function stateOf(person: { banned_at: number | null; deleted: boolean }): string {
  const since = person.banned_at === null ? null : utcMinute(person.banned_at);
  if (person.deleted) return since ? `Deleted (banned since ${since})` : "Deleted";
  return since ? `Banned since ${since}` : "Active";
}

/** Another account named on a page (an inviter, a member), linked to its own page. */
export function PersonLink({ person }: { person: { user_id: number; display_id: string; email: string; banned: boolean } }) {
  return (
    <>
      <Link to={personPath(person.user_id)}>{person.display_id}</Link> <span className="break">{person.email || "(deleted)"}</span>
      {person.banned ? (
        <>
          {" "}
          <span className="chip chip--danger">banned</span>
        </>
      ) : null}
    </>
  );
}
