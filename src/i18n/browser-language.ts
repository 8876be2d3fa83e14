import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contract/languages.ts';

/** Chinese tags that mean Traditional script (hk); any other zh tag is Simplified (zh). */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

function languageOfTag(tag: string): Language | undefined {
  const primary = tag.split('-')[0]?.toLowerCase();
  if (primary === 'zh') return TRADITIONAL_CHINESE.test(tag) ? 'hk' : 'zh';
  // `hk` is our code for Traditional Chinese, not a language subtag.
  return primary !== 'hk' && isLanguage(primary) ? primary : undefined;
}

/**
 * The first visit's language: the browser's first preferred tag we have a translation for,
 * else zh (SPEC §4).
 */
export function languageFromBrowser(tags: readonly string[]): Language {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language !== undefined) return language;
  }
  return DEFAULT_LANGUAGE;
}
