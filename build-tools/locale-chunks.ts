import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LANGUAGES } from '../contract/languages.ts';
import { localeChunk, NAMESPACES, SCREEN_NAMESPACES } from '../src/i18n/namespaces.ts';

const LOCALES = fileURLToPath(new URL('../locales/', import.meta.url));
const TABLES = 'virtual:locale-chunks';
const SCREEN_ONLY = `${TABLES}/screen-only`;
/** `\0` keeps other plugins off the ids; the bundler names each chunk after the id's last part. */
const CHUNK = '\0locale-chunk/locale-';
const SHARED: readonly string[] = [...NAMESPACES, ...SCREEN_NAMESPACES];

/** `export default { "zh": () => import(…), … }` for the given chunks. */
function table(chunks: string[]): string {
  const loaders = chunks.map(
    (chunk) => `${JSON.stringify(chunk)}: () => import(${JSON.stringify(CHUNK + chunk)})`,
  );
  return `export default {\n${loaders.join(',\n')}\n};\n`;
}

/**
 * The locale files as one module per language and chunk (`localeChunk` in
 * src/i18n/namespaces.ts), each exporting its files by namespace, and their loaders by chunk
 * (`zh`, `zh-screens`, `zh-funds`, …): `virtual:locale-chunks` for the start-up and shared
 * files, `virtual:locale-chunks/screen-only` for those of one screen or section. The entry so
 * holds one loader per language for each of the two files a first visit may need, 20 in all,
 * where a glob over the files had 120 (decisions.md 13).
 */
export function localeChunks(): Plugin {
  const namespaces = readdirSync(`${LOCALES}en`).map((file) => file.replace(/\.json$/, ''));
  // chunk -> the files it holds, as `[namespace, path]`
  const chunks = new Map<string, [string, string][]>();
  const shared = new Set<string>();
  for (const language of LANGUAGES) {
    for (const namespace of namespaces) {
      const chunk = localeChunk(language, namespace);
      const files = chunks.get(chunk) ?? [];
      chunks.set(chunk, [...files, [namespace, `${LOCALES}${language}/${namespace}.json`]]);
      if (SHARED.includes(namespace)) shared.add(chunk);
    }
  }
  return {
    name: 'kestrel:locale-chunks',
    resolveId(source) {
      if (source === TABLES || source === SCREEN_ONLY) return `\0${source}`;
      return source.startsWith(CHUNK) ? source : null;
    },
    load(id) {
      if (id === `\0${TABLES}`) return table([...shared]);
      if (id === `\0${SCREEN_ONLY}`) return table([...chunks.keys()].filter((c) => !shared.has(c)));
      const files = id.startsWith(CHUNK) ? chunks.get(id.slice(CHUNK.length)) : undefined;
      return files
        ?.map(
          ([namespace, file]) => `export { default as ${namespace} } from ${JSON.stringify(file)};`,
        )
        .join('\n');
    },
  };
}
