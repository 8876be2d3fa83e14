import shared from 'virtual:locale-chunks';
import { localeChunk } from './namespaces.ts';

type Loaders = typeof shared;

// Only the chosen language's files are fetched: its start-up files as one chunk, the rest with
// the screens that need them (build-tools/locale-chunks.ts). The loaders of files only some
// screens use are not needed before the first paint, so they travel in a chunk of their own.
let screenOnly: Promise<Loaders> | undefined;

/** Fetches the screen-only files' loaders: called with the code of any screen but home. */
export function loadScreenOnlyLoaders(): Promise<Loaders> {
  return (screenOnly ??= import('virtual:locale-chunks/screen-only').then((m) => m.default));
}

export async function loadLocale(
  language: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const chunk = localeChunk(language, namespace);
  const load = shared[chunk] ?? (await loadScreenOnlyLoaders())[chunk];
  const file = (await load?.())?.[namespace];
  if (file === undefined) throw new Error(`no locale file ${language}/${namespace}`);
  return file;
}
