import { describe, expect, it } from 'vitest';
import { contentParams } from './content/params.ts';
import { fundsParams } from './funds/params.ts';
import { kycParams } from './kyc/params.ts';
import { PARAMS } from './params.ts';
import { tradingParams } from './trading/params.ts';

describe('app link parameters', () => {
  it('take an https address, or empty to hide the button, and nothing else', () => {
    for (const key of ['down_url', 'android_url', 'ios_url'] as const) {
      const ok = PARAMS[key].rule;
      expect(ok('https://play.google.com/store/apps/details?id=com.example.app')).toBe(true);
      expect(ok('https://apps.apple.com/app/id123456789')).toBe(true);
      expect(ok('')).toBe(true);
      for (const bad of [
        '/introduction',
        '//evil.example/app',
        'http://example.com',
        'javascript:1',
      ])
        expect(ok(bad)).toBe(false);
    }
  });

  it('refuse an empty value for every other parameter', () => {
    for (const key of ['withdraw_fee_rate', 'trading_fee_rate', 'support_email'] as const)
      expect(PARAMS[key].rule('')).toBe(false);
  });

  it("every capability's parameter keys are distinct", () => {
    // The merge would let a later capability's key hide an earlier one's: none may repeat.
    const declared = [contentParams, fundsParams, tradingParams, kycParams].flatMap(Object.keys);
    expect(new Set(declared).size).toBe(declared.length);
  });
});
