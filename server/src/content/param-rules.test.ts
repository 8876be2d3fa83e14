import { describe, expect, it } from 'vitest';
import { PARAM_RULES } from './param-rules.ts';

describe('app link parameters', () => {
  it('take an https address, or empty to hide the button, and nothing else', () => {
    for (const key of ['down_url', 'android_url', 'ios_url'] as const) {
      const ok = PARAM_RULES[key];
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
      expect(PARAM_RULES[key]('')).toBe(false);
  });
});
