/**
 * The locale files every screen may need, loaded with the language at start-up. The others
 * (funds, admin, nfts) arrive with the screens that use them. The build bundles these into one
 * file per language (vite.config.ts), so a language costs one request, not seven.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'profile',
  'help',
  'home',
  'market',
  'errors',
] as const;
