/** An exchange's own page, as it forms and once it is done. */
export function exchangePath(exchangeId: number): string {
  return `/swap/${exchangeId}`;
}
