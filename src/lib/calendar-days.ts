/**
 * Calendar days in a named time zone, for screens that state when something daily happens
 * (a plan's first earnings). The server's jobs count days the same way
 * (server/src/platform/jobs/slots.ts): a day is a date in the zone; it ends at the next
 * midnight there.
 */

/** The date (YYYY-MM-DD) in `timeZone` at `ms`. */
export function dateIn(ms: number, timeZone: string): string {
  // en-CA writes ISO dates (2026-12-04).
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(ms);
}

/** `date` moved by `days` (negative: back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Milliseconds `timeZone` is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(ms);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(ms / 1000) * 1000;
}

/** The moment `date` begins (its midnight) in `timeZone`. */
export function midnightIn(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes: the zone's offset at the first guess may differ from the one at midnight.
  const first = guess - offsetAt(guess, timeZone);
  return guess - offsetAt(first, timeZone);
}

/**
 * A plan bought at `ms`: its first day of earnings (the next day in the zone), and the moment
 * that day's yield is paid (when the day ends there).
 */
export function firstEarnings(ms: number, timeZone: string): { day: string; paidAt: number } {
  const day = addDays(dateIn(ms, timeZone), 1);
  return { day, paidAt: midnightIn(addDays(day, 1), timeZone) };
}
