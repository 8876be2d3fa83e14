import { describe, expect, it } from 'vitest';
import { languageFromBrowser } from './browser-language.ts';

describe('languageFromBrowser', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['fr'], 'fr'],
    [['en-GB'], 'en'],
    [['ar-EG'], 'ar'],
    [['JA-jp'], 'ja'],
    [['zh-TW'], 'hk'],
    [['zh-HK'], 'hk'],
    [['zh-Hant-TW'], 'hk'],
    [['zh-MO'], 'hk'],
    [['zh'], 'zh'],
    [['zh-CN'], 'zh'],
    [['zh-Hans-HK'], 'zh'],
    [['zh-SG'], 'zh'],
  ] as const)('%j opens in %s', (tags, language) => {
    expect(languageFromBrowser(tags)).toBe(language);
  });

  it('skips languages we do not have for the next preferred one', () => {
    expect(languageFromBrowser(['pt-BR', 'nl', 'ko-KR', 'en'])).toBe('ko');
  });

  it('falls back to Simplified Chinese', () => {
    expect(languageFromBrowser(['pt-BR', 'nl'])).toBe('zh');
    expect(languageFromBrowser([])).toBe('zh');
  });

  it('does not read a bare hk tag as our code for Traditional Chinese', () => {
    expect(languageFromBrowser(['hk'])).toBe('zh');
  });
});
