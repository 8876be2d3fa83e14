/**
 * The locale files loaded with the language at start-up: what the chrome and the home screen
 * show. The build bundles them into one file per language (vite.config.ts).
 */
export const NAMESPACES = ['common', 'home', 'market'] as const;

/**
 * The files most other screens share (sign-in, account, help, the error catalogue's messages):
 * one more file per language, fetched with the code of any screen but home (`page` in
 * src/lib/routing.ts), so a first visit elsewhere still asks for everything in one wave. The
 * rest (funds, admin, nfts) arrive with the screens that use them.
 */
export const SCREEN_NAMESPACES = ['auth', 'profile', 'help', 'errors'] as const;
