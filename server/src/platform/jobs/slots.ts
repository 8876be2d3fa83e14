import { assert } from '../../assert.ts';
import { addDays, localDate, localMidnight } from '../../../../contract/common/calendar.ts';

// The calendar is shared with the app, which states when daily things happen (contract/common).
export { addDays, localDate, localMidnight };

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
