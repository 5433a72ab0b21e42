import { ErrorCode } from "#contract/errors.ts";
import { Failure } from "#api/src/lib/failure.ts";

/** Where a page of the team list ends: the last member's created_at (epoch microseconds) and id. */
export interface TeamCursor {
  atMicros: string;
  id: string;
}

// Both parts become bigint parameters in SQL: bounded here so no cursor can make the query fail.
const CURSOR = /^(\d{1,16})\.(\d{1,16})$/;

export function encodeCursor(c: TeamCursor): string {
  return Buffer.from(`${c.atMicros}.${c.id}`).toString("base64url");
}

/** The cursor a client sent back; anything this server did not write is a bad request, never a fault. */
export function decodeCursor(raw: string): TeamCursor {
  const m = /^[A-Za-z0-9_-]+$/.test(raw) ? CURSOR.exec(Buffer.from(raw, "base64url").toString("latin1")) : null;
  if (!m || Number(m[1]) > Number.MAX_SAFE_INTEGER || Number(m[2]) > Number.MAX_SAFE_INTEGER) {
    throw new Failure(ErrorCode.badRequest, 400);
  }
  return { atMicros: m[1], id: m[2] };
}
