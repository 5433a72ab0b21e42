/** The unique constraint a failed insert hit, whichever driver (pg, PGlite, Drizzle's wrapper) raised it. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return e.constraint ?? "unknown";
  }
  return undefined;
}
