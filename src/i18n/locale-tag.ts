import { LANGUAGE_TAGS } from '../../contract/languages.ts';
import { preferences } from '../state/preferences.ts';

/** The BCP 47 tag of the current language, for Intl formatting. */
export function currentLocaleTag(): string {
  return LANGUAGE_TAGS[preferences.get().language];
}
