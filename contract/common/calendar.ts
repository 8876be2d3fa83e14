/**
 * Calendar days in a named time zone, one module for the server's daily jobs and the app's
 * screens that say when something daily happens (a plan's first earnings): a day is a date
 * (`YYYY-MM-DD`) in the zone, and it begins at its first instant there.
 */
const QUARTER_HOUR_MS = 15 * 60_000;

/** Formatters by zone and purpose: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Zones come from code and parameters, a handful: the bound only guards against a leak. */
const FORMATTERS_MAX = 256;

function formatter(timeZone: string, purpose: 'date' | 'parts'): Intl.DateTimeFormat {
  const id = `${purpose} ${timeZone}`;
  let format = formatters.get(id);
  if (format === undefined) {
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    format =
      purpose === 'date'
        ? // en-CA formats as YYYY-MM-DD.
          new Intl.DateTimeFormat('en-CA', {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
          })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formatters.set(id, format);
  }
  return format;
}

/** 'YYYY-MM-DD' of the instant in the zone. */
export function localDate(at: number, timeZone: string): string {
  return formatter(timeZone, 'date').format(at);
}

/** The zone's offset from UTC at the instant, in ms (east positive). */
function offsetAt(at: number, timeZone: string): number {
  const parts = formatter(timeZone, 'parts').formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - (at - (at % 1000));
}

/** The first instant of the local day `key` in the zone. */
export function localMidnight(key: string, timeZone: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes: the offset at midnight can differ from the offset a few hours away (DST).
  let start = wall - offsetAt(wall, timeZone);
  start = wall - offsetAt(start, timeZone);
  // Where midnight itself is skipped by a DST jump, the day starts at the first instant after
  // it: step by quarter hours, at most a day's worth (no zone shifts by more).
  for (let i = 0; i < 96 && localDate(start, timeZone) < key; i++) start += QUARTER_HOUR_MS;
  for (let i = 0; i < 96 && localDate(start - 1, timeZone) === key; i++) start -= QUARTER_HOUR_MS;
  if (localDate(start, timeZone) !== key || localDate(start - 1, timeZone) === key) {
    throw new Error(`no midnight found for ${key} in ${timeZone}`);
  }
  return start;
}

/** `key` moved by `days` (negative: back). */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
