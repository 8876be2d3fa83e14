import { describe, expect, it } from 'vitest';
import { MESSAGE_FORMATS } from './message-formats.ts';

describe('message formats', () => {
  it('formats what the server sent and passes what is already formatted', () => {
    expect(MESSAGE_FORMATS.amount('1005.000000')).toBe('1,005');
    expect(MESSAGE_FORMATS.amount('1,005')).toBe('1,005');
    expect(MESSAGE_FORMATS.number('1.16500')).toBe('1.16500');
    expect(MESSAGE_FORMATS.number('60000.00')).toBe('60,000.00');
    expect(MESSAGE_FORMATS.number(3)).toBe('3');
    // No ISO timestamp reaches a message: a moment and a day are the reader's.
    expect(MESSAGE_FORMATS.datetime('2026-12-05T10:00:00.000Z')).not.toMatch(/T\d{2}:/);
    expect(MESSAGE_FORMATS.datetime('2026-12-05')).toMatch(/2026/);
    expect(MESSAGE_FORMATS.datetime('2026-12-05')).not.toBe('2026-12-05');
    expect(MESSAGE_FORMATS.datetime('5 Dec 2026')).toBe('5 Dec 2026');
  });
});
