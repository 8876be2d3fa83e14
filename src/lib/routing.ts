import { lazy, type ComponentType, type ReactNode } from 'react';
import { withRetries } from './lazy.ts';
import type { RouteName } from '../../contract/routes.ts';
import { loadScreenLocales } from '../i18n/i18n.ts';
import { loadScreenIcons } from '../ui/Icon.tsx';

/** A screen whose code is fetched on first use, or earlier through `preload` (see preloadPage). */
export interface Page {
  preload(): Promise<unknown>;
}

/**
 * A lazy screen. Its code and the locale files most screens share (SCREEN_NAMESPACES) are
 * fetched side by side; home, which needs only the start-up files, passes `startUpLocales`.
 */
export function page<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
  locales: 'startUpLocales' | 'screenLocales' = 'screenLocales',
): ComponentType<Props> & Page {
  // The screens' icons travel with any screen but home (src/ui/Icon.tsx).
  const loadWithLocales =
    locales === 'startUpLocales'
      ? load
      : () =>
          Promise.all([load(), loadScreenLocales(), loadScreenIcons()]).then(([module]) => module);
  return Object.assign(
    lazy(() => withRetries(loadWithLocales)),
    { preload: loadWithLocales },
  );
}

/** A user-app screen: each feature's routes.tsx lists its own, src/app/router.tsx mounts them. */
export interface AppRoute {
  path: string;
  element: ReactNode;
  /** The lazy screen the element shows, so its code can be fetched before the first render. */
  page?: Page;
  /** Signed-in people only (SPEC §6): visitors are sent to log in. */
  guarded?: true;
}

/**
 * A back-office screen: each feature's admin route table lists its own, the admin shell
 * (src/app/admin) mounts them under /admin inside its sign-in guard and navigation.
 */
export interface AdminRoute {
  /** Under /admin, as the router matches it ('' is the back office's front page). */
  path: string;
  element: ReactNode;
  /** The API route whose roles decide who may open the screen: it follows the server's rule. */
  gate: RouteName;
  /** Set on a section's first screen: its entry in the navigation (labelled admin:nav.<nav>). */
  nav?: string;
}
