import type { Book } from '../../contract/envelope.ts';
import { isLanguage, type Language } from '../../contract/languages.ts';
import { languageFromBrowser } from '../i18n/browser-language.ts';
import { createStore, local, perSession, readJson, writeJson } from './store.ts';

/** Language, demo/real book (SPEC §4: demo by default) and the once-per-session onboarding. */
export interface Preferences {
  language: Language;
  book: Book;
  onboardingShown: boolean;
}

const KEY = 'kestrel.preferences';
const ONBOARDING_KEY = 'kestrel.onboarding';
const saved = readJson<Partial<Preferences>>(local, KEY, {});

export const preferences = createStore<Preferences>(
  {
    // A stored choice wins; a first visit follows the browser's preferred languages.
    language: isLanguage(saved.language)
      ? saved.language
      : languageFromBrowser(typeof navigator === 'undefined' ? [] : navigator.languages),
    book: saved.book === 'real' ? 'real' : 'demo',
    onboardingShown: readJson(perSession, ONBOARDING_KEY, false),
  },
  (p) => {
    writeJson(local, KEY, { language: p.language, book: p.book });
    writeJson(perSession, ONBOARDING_KEY, p.onboardingShown);
  },
);

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  preferences.set({ ...preferences.get(), [key]: value });
}
