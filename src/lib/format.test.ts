import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS } from '../../contract/languages.ts';
import { formatAmount, formatCompact } from './format.ts';

describe('formatCompact', () => {
  it('shortens large figures the way each language does, with Latin digits', () => {
    expect(formatCompact('5614233871.27', 'en')).toBe('5.61B');
    expect(formatCompact(1_234_567, 'en')).toBe('1.23M');
    expect(formatCompact(7, 'en')).toBe('7');
    expect(formatCompact('5614233871.27', LANGUAGE_TAGS.de)).toMatch(/^5,61\sMrd\.$/);
    expect(formatCompact('5614233871.27', LANGUAGE_TAGS.ja)).toBe('56.1億');
    expect(formatCompact('5614233871.27', LANGUAGE_TAGS.ar)).toMatch(/^5\.61\s?مليار$/);
    for (const tag of Object.values(LANGUAGE_TAGS))
      expect(formatCompact('5614233871.27', tag)).toMatch(/^[^\u0660-\u0669]*[0-9]/);
  });
});

describe('formatAmount', () => {
  it('drops trailing zeros, keeps every other digit, groups the whole part', () => {
    expect(formatAmount('1005.000000')).toBe('1,005');
    expect(formatAmount('1005')).toBe('1,005');
    expect(formatAmount('1005.500000')).toBe('1,005.5');
    expect(formatAmount('0.000001')).toBe('0.000001');
    expect(formatAmount('-0.000000')).toBe('0');
    expect(formatAmount('-12.340')).toBe('-12.34');
    expect(formatAmount('100')).toBe('100');
    expect(formatAmount(null)).toBe('—');
  });
});
