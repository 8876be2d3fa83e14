// Only the chosen language's files are fetched: its start-up files as one chunk, the rest each
// with the screen that needs it.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export function loadLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = files[`../../locales/${language}/${namespace}.json`];
  if (load === undefined)
    return Promise.reject(new Error(`no locale file ${language}/${namespace}`));
  return load().then((module) => module.default);
}
