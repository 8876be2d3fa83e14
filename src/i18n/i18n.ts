import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_TAGS, RTL_LANGUAGES, type Language } from '../../contract/languages.ts';
import { preferences } from '../state/preferences.ts';
import { loadLocale, loadScreenOnlyLoaders } from './locale-files.ts';
import { NAMESPACES, SCREEN_NAMESPACES } from './namespaces.ts';

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    loadLocale(language, namespace).then(
      (resources) => callback(null, resources as never),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.documentElement.dir = RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/** index.html carries the default language's description; this one follows the language. */
function applyDocumentDescription(): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18next.t('tagline'));
}

let initialised: Promise<unknown> | undefined;

export async function initI18n(): Promise<void> {
  const { language } = preferences.get();
  applyDocumentLanguage(language);
  await (initialised = i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    }));
  applyDocumentDescription();
}

/**
 * The locale files most screens but home share (SCREEN_NAMESPACES), ready in i18next. Their
 * file is requested at once, beside the start-up one when called at start-up; i18next takes
 * it from the module cache once it is initialised. The loaders of the screens' own files come
 * alongside, so those are not a request later than before.
 */
export async function loadScreenLocales(): Promise<void> {
  const language = i18next.isInitialized ? i18next.language : preferences.get().language;
  void loadScreenOnlyLoaders();
  // The figures' formats come with the screens' words: the start-up files (common, home,
  // market) name none, so their code stays out of the first paint.
  const [formats] = await Promise.all([
    import('./message-formats.ts'),
    ...SCREEN_NAMESPACES.map((namespace) => loadLocale(language, namespace)),
  ]);
  await initialised;
  formats.registerMessageFormats(i18next);
  await i18next.loadNamespaces([...SCREEN_NAMESPACES]);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language);
  preferences.set({ ...preferences.get(), language });
  applyDocumentLanguage(language);
  applyDocumentDescription();
}

export { currentLocaleTag } from './locale-tag.ts';
