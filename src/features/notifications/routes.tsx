import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { page, type AppRoute } from '../../lib/routing.ts';

const NotificationsPage = page(() => import('./NotificationsPage.tsx'));

export const notificationsRoutes: AppRoute[] = [
  {
    path: '/profile/notification',
    element: <NotificationsPage />,
    guarded: true,
    page: NotificationsPage,
  },
];

// Its own small chunk: the chromes show it to signed-in people only.
const LazyUnreadBadge = lazyPart(() => import('./UnreadBadge.tsx'));

/** The unread count on the shells' bell (src/app hands it to both chromes). */
export function UnreadBadge() {
  return (
    <Suspense fallback={null}>
      <LazyUnreadBadge />
    </Suspense>
  );
}
