/**
 * When a user's stones fall due, from STONE_SCHEDULE: runs of "count x days
 * between stones", the last run ("*") repeating for ever. Stone 1 is due on the day of
 * registration; each later stone comes its run's gap after the one before.
 */
export interface StoneRun {
  count: number;
  gap: number;
}

export function parseSchedule(text: string): StoneRun[] {
  return text.split(",").map((part) => {
    const [count, gap] = part.split("x");
    return { count: count === "*" ? Infinity : Number(count), gap: Number(gap) };
  });
}

/** The due days (after registration) of stones 1, 2, 3, ... in order. */
function* dueDays(runs: StoneRun[]): Generator<number> {
  let day = 0;
  let first = true;
  for (const run of runs) {
    for (let i = 0; i < run.count; i++) {
      if (!first) day += run.gap;
      first = false;
      yield day;
    }
  }
}

/** The day offset (after registration) on which stone `k` (1, 2, ...) falls due. */
export function stoneDueDay(runs: StoneRun[], k: number): number {
  let n = 0;
  for (const day of dueDays(runs)) if (++n === k) return day;
  throw new Error(`no stone ${k} in the schedule`);
}

/** How many stones are due `days` whole days after registration. */
export function stonesDueBy(runs: StoneRun[], days: number): number {
  let n = 0;
  for (const day of dueDays(runs)) {
    if (day > days) return n;
    n += 1;
  }
  return n;
}
