import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueSlots, localDate, localMidnight, nextSlot, slotAt, type Schedule } from './slots.ts';

const RUNS = process.env.CI ? 60 : 200;
const HOUR = 3_600_000;
/** Zones with DST at night, half-hour DST, DST at midnight and none at all. */
const ZONES = [
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Santiago',
  'America/Havana',
  'Asia/Tehran',
];
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2031, 0, 1) });

/** The reference: walk the clock in hours and note each new local date. */
function referenceDays(timeZone: string, after: number, now: number, bound: number): string[] {
  const days: string[] = [];
  const last = localDate(after, timeZone);
  // Hour steps: a local day lasts at least 23 hours, so none is stepped over.
  for (let t = after; t <= now + HOUR && days.length < bound; t += HOUR) {
    const day = localDate(Math.min(t, now), timeZone);
    if (day > last && day !== days.at(-1)) days.push(day);
  }
  return days;
}

describe('job slots', () => {
  it('a day slot starts at the zone midnight, and the instant before is the day before', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (timeZone, at) => {
        const slot = slotAt({ every: 'day', timeZone }, at);
        expect(slot.key).toBe(localDate(at, timeZone));
        expect(slot.start).toBeLessThanOrEqual(at);
        expect(localDate(slot.start, timeZone)).toBe(slot.key);
        expect(localDate(slot.start - 1, timeZone) < slot.key).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('next day slot is the next calendar day, 23 to 25 hours on', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (timeZone, at) => {
        const schedule: Schedule = { every: 'day', timeZone };
        const slot = slotAt(schedule, at);
        const next = nextSlot(schedule, slot);
        expect(next.start - slot.start).toBeGreaterThanOrEqual(22 * HOUR);
        expect(next.start - slot.start).toBeLessThanOrEqual(25 * HOUR);
        expect(next).toEqual(slotAt(schedule, next.start));
      }),
      { numRuns: RUNS },
    );
  });

  it('due day slots match the reference walk: each missed day once, oldest first, bounded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        instant,
        fc.integer({ min: 0, max: 20 * 24 * HOUR }),
        fc.integer({ min: 1, max: 10 }),
        (timeZone, last, gap, bound) => {
          const schedule: Schedule = { every: 'day', timeZone };
          const lastRun = slotAt(schedule, last);
          const due = dueSlots(schedule, lastRun, last + gap, bound, 'each');
          expect(due.map((s) => s.key)).toEqual(
            referenceDays(timeZone, lastRun.start, last + gap, bound),
          );
          for (const s of due) expect(s.start).toBe(localMidnight(s.key, timeZone));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('due hour and interval slots are every boundary crossed, oldest first, bounded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Schedule>({ every: 'hour' }, { every: 'interval', ms: 60_000 }),
        instant,
        fc.integer({ min: 0, max: 50 * HOUR }),
        fc.integer({ min: 1, max: 30 }),
        (schedule, last, gap, bound) => {
          const step = schedule.every === 'hour' ? HOUR : 60_000;
          const lastRun = slotAt(schedule, last);
          const now = last + gap;
          const expected: number[] = [];
          for (let t = lastRun.start + step; t <= now && expected.length < bound; t += step) {
            expected.push(t);
          }
          const due = dueSlots(schedule, lastRun, now, bound, 'each');
          expect(due.map((s) => s.start)).toEqual(expected);
          expect(new Set(due.map((s) => s.key)).size).toBe(due.length);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a job never run starts now; one that skips missed turns runs only the current slot', () => {
    const schedule: Schedule = { every: 'hour' };
    const now = Date.UTC(2026, 10, 27, 17, 30);
    const current = slotAt(schedule, now);
    expect(current.key).toBe('2026-11-27T17Z');
    expect(dueSlots(schedule, undefined, now, 5, 'each')).toEqual([current]);
    const old = slotAt(schedule, now - 10 * HOUR);
    expect(dueSlots(schedule, old, now, 5, 'latest')).toEqual([current]);
    expect(dueSlots(schedule, current, now, 5, 'latest')).toEqual([]);
    expect(dueSlots(schedule, current, now, 5, 'each')).toEqual([]);
  });
});
