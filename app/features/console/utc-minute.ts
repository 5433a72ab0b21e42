/** A moment as operators read times: UTC, to the minute. */
export function utcMinute(epochSeconds: number | null): string {
  return epochSeconds === null
    ? "before arrivals were kept"
    : `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
