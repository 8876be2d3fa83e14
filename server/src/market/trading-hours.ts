import type { TradingHours } from './types.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function localTime(timeZone: string, ts: number): { day: number; minutes: number } {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of f.formatToParts(ts)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minutes: hour * 60 + minute };
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** Whether the market is open at `ts`; `null` hours mean around the clock. */
export function isOpen(hours: TradingHours | null, ts: number): boolean {
  if (hours === null) return true;
  const { day, minutes } = localTime(hours.timeZone, ts);
  return hours.sessions.some(
    (s) => s.days.includes(day) && minutes >= toMinutes(s.open) && minutes < toMinutes(s.close),
  );
}

const QUARTER_MS = 15 * 60_000;
/** Far enough for any weekly schedule (a long weekend included). */
const LOOKAHEAD_MS = 9 * 86_400_000;

/**
 * When the market next opens after `ts` (milliseconds), or undefined when it is open or never
 * opens. Sessions open on quarter hours, so a bounded walk in quarter-hour steps finds it.
 */
export function nextOpen(hours: TradingHours | null, ts: number): number | undefined {
  if (isOpen(hours, ts)) return undefined;
  for (let t = Math.ceil(ts / QUARTER_MS) * QUARTER_MS; t <= ts + LOOKAHEAD_MS; t += QUARTER_MS) {
    if (isOpen(hours, t)) return t;
  }
  return undefined;
}
