import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../contract/notifications/schemas.ts';
import { call } from '../../api/client.ts';
import { useSwitchBook } from '../../api/switch-book.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { noticeView } from './notice-view.ts';
import { NoticeSettings } from './NoticeSettings.tsx';
import { NOTIFICATIONS, useNotificationPage } from './queries.ts';
import './notifications.css';

const PAGE_SIZE = 20;

function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { upTo: number }) => call('readNotification', { body }),
    // Reading changes the list and the count, not the settings.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === NOTIFICATIONS && q.queryKey[1] !== 'settings',
      }),
  });
}

/** One notice: what happened, the ledger's figure, staff's reason; opening it marks it read. */
function NoticeRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  // The funds file words staff's reasons (funds:reviewReason).
  const { t } = useTranslation(['notifications', 'funds']);
  const view = noticeView(n.notice, t);
  const unread = n.readAt === null;
  return (
    <li
      className={`notice${unread ? ' notice-unread' : ''}`}
      data-testid="notice"
      data-kind={n.notice.kind}
      data-read={unread ? 'no' : 'yes'}
    >
      <button type="button" className="notice-open" onClick={() => onOpen(n)}>
        <span className="notice-text">
          {unread && <span className="badge notice-new">{t('new')}</span>}
          {view.book === 'demo' && <span className="badge badge-demo">{t('demo')}</span>}{' '}
          {view.text}
        </span>
        {view.figure !== undefined && (
          <span
            className="notice-figure"
            data-testid="notice-figure"
            data-value={view.figure.value}
          >
            {view.figure.label}:{' '}
            <Amount
              value={view.figure.value}
              asset={view.figure.asset}
              signed={view.figure.signed}
            />
          </span>
        )}
        {view.reason !== undefined && (
          <span className="notice-reason" data-testid="notice-reason">
            {t('reason', { reason: view.reason })}
          </span>
        )}
        <time className="muted" dateTime={n.createdAt}>
          {formatTime(n.createdAt)}
        </time>
      </button>
    </li>
  );
}

function NoticeList() {
  const { t } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const list = useNotificationPage(page, PAGE_SIZE);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const switchBook = useSwitchBook();
  if (list.isPending) return <Spinner />;
  if (list.isError) return <EmptyState icon="doc" title={errorMessage(t, list.error)} level={2} />;
  const { list: notices, total, unread } = list.data;
  if (total === 0) return <EmptyState icon="bell" title={t('empty')} level={2} />;
  const open = (n: Notification) => {
    if (n.readAt === null) markRead.mutate({ ids: [n.id] });
    const view = noticeView(n.notice, t);
    if (view.book !== undefined) switchBook(view.book);
    void navigate(view.to);
  };
  const newest = notices[0]?.id;
  return (
    <>
      <div className="notice-head">
        <span className="muted" data-testid="notice-unread" data-count={unread}>
          {t('unreadCount', { count: unread })}
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={unread === 0 || newest === undefined || markRead.isPending}
          onClick={() => newest !== undefined && markRead.mutate({ upTo: newest })}
          data-testid="notice-read-all"
        >
          {t('markAllRead')}
        </button>
      </div>
      <ul className="notice-list">
        {notices.map((n) => (
          <NoticeRow key={n.id} n={n} onOpen={open} />
        ))}
      </ul>
      <Pager
        page={page}
        size={PAGE_SIZE}
        total={total}
        onPage={setPage}
        className="notice-pager"
        labels={{
          label: t('pager.label'),
          previous: t('pager.previous'),
          next: t('pager.next'),
          status: (pages) => t('pager.status', { page, pages }),
        }}
      />
    </>
  );
}

/** /profile/notification (SPEC §2): the person's notices, newest first, and their settings. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  return (
    <div className="page page-narrow notifications-page">
      <h1 className="page-title">{t('title')}</h1>
      <section className="card">
        <NoticeList />
      </section>
      <NoticeSettings />
    </div>
  );
}
