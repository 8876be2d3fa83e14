import { addDays, localDate, localMidnight } from '../../contract/common/calendar.ts';

/**
 * A plan bought at `ms`: its first day of earnings (the next day in the zone), and the moment
 * that day's yield is paid (when the day ends there), by the calendar the daily job counts
 * with (contract/common/calendar.ts).
 */
export function firstEarnings(ms: number, timeZone: string): { day: string; paidAt: number } {
  const day = addDays(localDate(ms, timeZone), 1);
  return { day, paidAt: localMidnight(addDays(day, 1), timeZone) };
}
