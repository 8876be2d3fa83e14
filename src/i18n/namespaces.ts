/**
 * The locale files loaded with the language at start-up: what the chrome and the home screen
 * show, and nothing else (decisions.md 13). They travel as one file per language
 * (build-tools/locale-chunks.ts).
 */
export const NAMESPACES = ['common', 'home', 'market'] as const;

/**
 * The files most other screens share (sign-in, account, help, the error catalogue's messages,
 * the market screens' own text, the desktop footer's text): one
 * more file per language, fetched with the code of any screen but home (`page` in
 * src/lib/routing.ts), so a first visit elsewhere still asks for everything in one wave, and
 * with the desktop footer's code on home. The rest (funds, admin, nfts, …) arrive one file
 * each with the screens that use them.
 */
export const SCREEN_NAMESPACES = [
  'auth',
  'profile',
  'help',
  'errors',
  'markets',
  'footer',
] as const;

/** The file a language's namespace travels in: `zh` (start-up), `zh-screens` or `zh-funds`. */
export function localeChunk(language: string, namespace: string): string {
  if ((NAMESPACES as readonly string[]).includes(namespace)) return language;
  if ((SCREEN_NAMESPACES as readonly string[]).includes(namespace)) return `${language}-screens`;
  return `${language}-${namespace}`;
}
