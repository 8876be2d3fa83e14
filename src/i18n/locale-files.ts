import type { Language } from '../../contract/languages.ts';

export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'help',
  'home',
  'market',
  'errors',
] as const;

// Only the chosen language's files are fetched; each is its own small chunk.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export function loadLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = files[`../../locales/${language}/${namespace}.json`];
  if (load === undefined)
    return Promise.reject(new Error(`no locale file ${language}/${namespace}`));
  return load().then((module) => module.default);
}

/**
 * Starts fetching a language's files before the i18n engine has arrived, so the two load side
 * by side. The engine's own requests then find them in the module cache; it reports failures.
 */
export function preloadLocale(language: Language): void {
  for (const namespace of NAMESPACES) loadLocale(language, namespace).catch(() => undefined);
}
