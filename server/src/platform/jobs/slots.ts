import { assert } from '../../assert.ts';

/**
 * When a job runs: once per calendar day in a stated time zone (daily earnings, retention
 * sweeps), once per UTC hour, or once per fixed interval (re-reads of pending work).
 */
export type Schedule =
  { every: 'day'; timeZone: string } | { every: 'hour' } | { every: 'interval'; ms: number };

/**
 * One run's turn. `key` names it for people and for the unique (job, slot) row: the local date
 * ('2026-11-27') for a day, the UTC hour ('2026-11-27T17Z') for an hour, the start's epoch
 * milliseconds for an interval. `start` is the instant it begins.
 */
export interface Slot {
  key: string;
  start: number;
}

/** Interval bounds: under a second is an engine's work, over a day is a daily job. */
export const INTERVAL_MS_MIN = 1_000;
export const INTERVAL_MS_MAX = 86_400_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;

export function assertSchedule(schedule: Schedule): void {
  if (schedule.every === 'interval') {
    assert(
      Number.isSafeInteger(schedule.ms) &&
        schedule.ms >= INTERVAL_MS_MIN &&
        schedule.ms <= INTERVAL_MS_MAX,
      `interval ${schedule.ms} ms out of bounds`,
    );
  }
  // Throws a RangeError for a zone the runtime does not know.
  if (schedule.every === 'day') localDate(0, schedule.timeZone);
}

/** The slot that contains the instant `at` (epoch ms). */
export function slotAt(schedule: Schedule, at: number): Slot {
  switch (schedule.every) {
    case 'interval': {
      const start = at - (at % schedule.ms);
      return { key: String(start), start };
    }
    case 'hour': {
      const start = at - (at % HOUR_MS);
      return { key: `${new Date(start).toISOString().slice(0, 13)}Z`, start };
    }
    case 'day': {
      const key = localDate(at, schedule.timeZone);
      return { key, start: localMidnight(key, schedule.timeZone) };
    }
  }
}

/** The slot right after `slot`. */
export function nextSlot(schedule: Schedule, slot: Slot): Slot {
  switch (schedule.every) {
    case 'interval':
      return slotAt(schedule, slot.start + schedule.ms);
    case 'hour':
      return slotAt(schedule, slot.start + HOUR_MS);
    case 'day': {
      // A calendar day is 23 to 25 hours long: step past its end from its middle.
      const next = slotAt(schedule, slot.start + DAY_MS + DAY_MS / 2);
      const key = addDays(slot.key, 1);
      return next.key === key ? next : { key, start: localMidnight(key, schedule.timeZone) };
    }
  }
}

/**
 * The slots to run at `now`, oldest first, at most `bound`: every slot after the last one run
 * up to the current one. A job never run starts at the current slot (no history is invented).
 * `latest` (work whose old turns are worthless, such as a re-read) skips to the current slot.
 */
export function dueSlots(
  schedule: Schedule,
  lastRun: Slot | undefined,
  now: number,
  bound: number,
  missed: 'each' | 'latest',
): Slot[] {
  assert(Number.isSafeInteger(bound) && bound > 0, 'bound must be a positive integer');
  const current = slotAt(schedule, now);
  if (lastRun === undefined || missed === 'latest') {
    return lastRun !== undefined && lastRun.start >= current.start ? [] : [current];
  }
  const due: Slot[] = [];
  for (let slot = nextSlot(schedule, lastRun); slot.start <= current.start;) {
    due.push(slot);
    if (due.length === bound) break;
    slot = nextSlot(schedule, slot);
  }
  return due;
}

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
  assert(
    localDate(start, timeZone) === key && localDate(start - 1, timeZone) !== key,
    () => `no midnight found for ${key} in ${timeZone}`,
  );
  return start;
}

export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
