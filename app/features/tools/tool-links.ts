/** An exchange's own page, as it forms and once it is done. */
export function teamPath(teamId: number): string {
  return `/swap/${teamId}`;
}
