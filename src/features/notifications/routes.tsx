import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon.tsx';
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

/** The bell with its unread count (src/app puts it in both chromes for signed-in people). */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <Link
      to="/profile/notification"
      className="icon-btn"
      aria-label={t('nav.notifications')}
      data-testid="bell"
    >
      <Icon name="bell" />
      <Suspense fallback={null}>
        <LazyUnreadBadge />
      </Suspense>
    </Link>
  );
}
