import { describe, expect, it } from 'vitest';
import { layoutFor, mobileRootFontSize } from './layout.ts';

describe('layout', () => {
  it('is mobile for Android, iPhone, iPad and iPod user agents only', () => {
    expect(layoutFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('mobile');
    expect(layoutFor('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('mobile');
    expect(layoutFor('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('mobile');
    expect(layoutFor('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0)')).toBe('mobile');
    expect(layoutFor('Mozilla/5.0 (X11; Linux x86_64) Chrome/156')).toBe('desktop');
  });

  it('caps the root font size at 100 px', () => {
    expect(mobileRootFontSize(390)).toBe(16);
    expect(mobileRootFontSize(100_000)).toBe(100);
    expect(mobileRootFontSize(200)).toBe(14);
  });
});
