import { describe, expect, it } from 'vitest';
import { formatVolume } from './format.ts';

describe('formatVolume', () => {
  it("drops the feed's trailing zeros, and shortens large volumes", () => {
    expect(formatVolume('94.72600000')).toMatch(/^94[.,]726$/);
    expect(formatVolume('1200.000')).toMatch(/^1[,.\s\u00a0\u202f]?200$/);
    expect(formatVolume('0')).toBe('0');
    expect(formatVolume('5614233871.27')).not.toContain('5614233871');
    expect(formatVolume(null)).toBe('—');
  });
});
