/** Interface languages (SPEC §1, §9); zh is the default (SPEC §4). */
export const LANGUAGES = ['en', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'hk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar']);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl and the html lang attribute. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  ja: 'ja',
  ko: 'ko',
  de: 'de',
  fr: 'fr',
  it: 'it',
  es: 'es',
  ar: 'ar',
  hk: 'zh-HK',
  zh: 'zh-CN',
};
