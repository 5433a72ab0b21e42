/** Times cross the wire as whole epoch seconds. */
export function toEpochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

export function fromEpochSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
