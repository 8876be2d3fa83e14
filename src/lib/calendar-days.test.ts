import { describe, expect, it } from 'vitest';
import { firstEarnings } from './calendar-days.ts';

describe('first earnings', () => {
  it('a plan bought today earns from tomorrow, paid when tomorrow ends', () => {
    const bought = Date.UTC(2026, 11, 4, 10);
    expect(firstEarnings(bought, 'UTC')).toEqual({
      day: '2026-12-05',
      paidAt: Date.UTC(2026, 11, 6),
    });
  });
});
