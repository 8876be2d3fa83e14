import { describe, expect, it } from 'vitest';
import { sensitiveKind } from './sensitive.ts';

describe('sensitiveKind', () => {
  it('flags a six-digit code, alone or spaced, but not longer numbers or amounts', () => {
    expect(sensitiveKind('my code is 482913')).toBe('code');
    expect(sensitiveKind('it says 482 913')).toBe('code');
    expect(sensitiveKind('order 12345678 failed')).toBeNull();
    expect(sensitiveKind('I sent 100000.50 USDT')).toBeNull();
    expect(sensitiveKind('where is my deposit?')).toBeNull();
  });

  it('flags twelve recovery words in a row, in any case or punctuation', () => {
    const phrase =
      'Abandon ability able about above absent absorb abstract absurd abuse access accident';
    expect(sensitiveKind(phrase)).toBe('phrase');
    expect(sensitiveKind(phrase.replaceAll(' ', ', '))).toBe('phrase');
    expect(
      sensitiveKind('please help me, I can not find the deposit I made last week at all'),
    ).toBe(null);
  });

  it('flags a private key', () => {
    expect(sensitiveKind(`key 0x${'ab'.repeat(32)}`)).toBe('key');
    expect(sensitiveKind('ab'.repeat(32))).toBe('key');
    expect(sensitiveKind(`tx ${'ab'.repeat(33)}`)).toBeNull();
  });
});
