import { describe, expect, it } from 'vitest';
import { addDays, localDate, localMidnight } from './calendar.ts';

describe('calendar days in a zone', () => {
  it('reads the date in the zone, not the browser', () => {
    const ms = Date.UTC(2026, 11, 4, 23, 30);
    expect(localDate(ms, 'UTC')).toBe('2026-12-04');
    expect(localDate(ms, 'Asia/Tokyo')).toBe('2026-12-05');
    expect(localDate(ms, 'America/New_York')).toBe('2026-12-04');
  });

  it('adds days across months, years and a leap day', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("finds a zone's midnight, across a change of summer time", () => {
    expect(localMidnight('2026-12-05', 'UTC')).toBe(Date.UTC(2026, 11, 5));
    expect(localMidnight('2026-12-05', 'Asia/Tokyo')).toBe(Date.UTC(2026, 11, 4, 15));
    // Europe/Berlin moves to summer time on 29 March 2026 at 02:00: its midnight is still +1.
    expect(localMidnight('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(localMidnight('2026-03-30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 22));
  });
});
