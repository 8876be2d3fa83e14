import type { Language } from '../../contract/languages.ts';
import { NAMESPACES } from './namespaces.ts';

// Only the chosen language's files are fetched: its start-up files as one chunk, the rest each
// with the screen that needs it.
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
