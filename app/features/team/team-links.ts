/** The Team tab's links: a level's first page, or the page after `cursor`. */
export function teamHref(level: "1" | "2", cursor?: string | null): string {
  return `/team?${new URLSearchParams(cursor ? { level, cursor } : { level })}`;
}

/** The next page as data, for the list that grows as the user scrolls (routes/team.members.tsx). */
export function moreMembersHref(level: "1" | "2", cursor: string): string {
  return `/team/members?${new URLSearchParams({ level, cursor })}`;
}
