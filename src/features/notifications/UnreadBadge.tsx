import { useTranslation } from 'react-i18next';
import { useUnread, useNoticePushes } from './queries.ts';
import './bell.css';

/** Past this the badge says "99+": the exact count is on the page. */
const SHOWN_MAX = 99;

/**
 * The bell's unread count (both shells): fetched once, then again with each pushed notice and
 * after the socket reconnects, so it is never stale. Nothing is shown at zero.
 */
export default function UnreadBadge() {
  const { t } = useTranslation();
  useNoticePushes();
  const unread = useUnread().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="bell-badge num" data-testid="bell-count" data-count={unread}>
      {unread > SHOWN_MAX ? `${SHOWN_MAX}+` : unread}
      <span className="visually-hidden">{`, ${t('nav.unread', { count: unread })}`}</span>
    </span>
  );
}
