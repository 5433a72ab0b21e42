/** The one source of time; tests pass a manual clock to run days in milliseconds. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  constructor(private current = new Date("2026-01-01T00:00:00Z")) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/**
 * The system's time moved forward by what `advance` added: the clock of a server run with
 * TEST_HOOKS (decision 069), so an end-to-end test can close a round when it says so instead of
 * waiting for it. Never moves back.
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += Math.max(0, seconds * 1000);
  }
}

/** A clock a test may move forward (the test API's ManualClock, a test-hooks server's ShiftedClock). */
export interface AdvancingClock extends Clock {
  advance(seconds: number): void;
}

export function canAdvance(clock: Clock): clock is AdvancingClock {
  return typeof (clock as Partial<AdvancingClock>).advance === "function";
}

/** The UTC calendar day, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
