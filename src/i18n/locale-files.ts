// Only the chosen language's files are fetched: its start-up files as one chunk, the rest each
// with the screen that needs it. Each file's default export only: a JSON module's named ones (one
// per top-level key) would travel in the chunk as well.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  import: 'default',
});

export function loadLocale(language: string, namespace: string): Promise<Record<string, unknown>> {
  const load = files[`../../locales/${language}/${namespace}.json`];
  if (load === undefined)
    return Promise.reject(new Error(`no locale file ${language}/${namespace}`));
  return load();
}
