/** Each language is named in itself, so a person can find theirs whatever is shown now. */
export const LANGUAGE_NAMES = {
  en: 'English',
  ja: '日本語',
  ko: '한국어',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  ar: 'العربية',
  hk: '繁體中文',
  zh: '简体中文',
} as const;
