import { page, type AppRoute } from '../../lib/routing.ts';

// Home composes the market feature's live list and figures with content's download link, so it
// lives in app/, the layer that composes features, rather than as a feature importing others.
const HomePage = page(() => import('./HomePage.tsx'), 'startUpLocales');

export const homeRoutes: AppRoute[] = [{ path: '/', element: <HomePage />, page: HomePage }];
