import { describe, expect, it } from 'vitest';
import { currentLocaleTag } from '../i18n/i18n.ts';
import { formatZonedDateTime } from './time.ts';

describe('formatZonedDateTime', () => {
  it('names the time zone, so a market opening time is unambiguous', () => {
    const at = Date.UTC(2026, 10, 30, 14, 30);
    const zone = new Intl.DateTimeFormat(currentLocaleTag(), { timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    expect(zone).toBeDefined();
    expect(formatZonedDateTime(at)).toContain(zone);
    expect(formatZonedDateTime(at)).toMatch(/\d{1,2}:30/);
  });
});
