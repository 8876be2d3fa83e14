import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import type { userSummary } from '../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall } from '../../api/staff-session.ts';
import { formatDateTime } from '../../lib/time.ts';
import {
  DataTable,
  ErrorAlert,
  PageHeader,
  Pager,
  UserStatus,
  type Column,
} from '../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';

type UserSummary = z.infer<typeof userSummary>;
const PAGE_SIZE = 20;

/** Find a user by id, username, e-mail or phone; a result opens the user's ledger. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [text, setText] = useState(q);
  const result = useQuery({
    queryKey: [ADMIN_KEY, 'users', q, page],
    queryFn: () => staffCall('searchUsers', { query: { q, page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

  function search(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    if (text.trim() !== '') next.set('q', text.trim());
    setParams(next);
  }

  function toPage(p: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  }

  const columns: Column<UserSummary>[] = [
    { id: 'id', header: t('users.col.id'), cell: (u) => <span className="num">#{u.id}</span> },
    {
      id: 'username',
      header: t('users.col.username'),
      cell: (u) => (
        <Link to={`/admin/users/${u.id}`} className="link" data-testid="user-link">
          {u.username}
        </Link>
      ),
    },
    { id: 'email', header: t('users.col.email'), cell: (u) => u.email ?? '—' },
    {
      id: 'phone',
      header: t('users.col.phone'),
      cell: (u) => <span className="num">{u.phone ?? '—'}</span>,
    },
    { id: 'status', header: t('users.col.status'), cell: (u) => <UserStatus status={u.status} /> },
    {
      id: 'created',
      header: t('users.col.created'),
      cell: (u) => <span className="admin-nowrap">{formatDateTime(u.createdAt)}</span>,
    },
  ];

  return (
    <div className="admin-page" data-testid="users-page">
      <PageHeader title={t('users.title')} />
      <form className="admin-search" onSubmit={search} role="search">
        <label className="visually-hidden" htmlFor="admin-user-search">
          {t('users.searchLabel')}
        </label>
        <input
          id="admin-user-search"
          className="input"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('users.searchPlaceholder')}
          data-testid="user-search"
        />
        <button type="submit" className="btn btn-primary" data-testid="user-search-submit">
          {t('users.search')}
        </button>
      </form>
      <ErrorAlert error={result.error} />
      {result.isPending ? (
        <Spinner />
      ) : result.data === undefined ? null : (
        <section className="card admin-card">
          <p className="muted admin-count" data-testid="users-total">
            {t('users.total', { count: result.data.total })}
          </p>
          <DataTable
            columns={columns}
            rows={result.data.list}
            rowKey={(u) => u.id}
            testId="users-table"
            rowTestId="user-row"
            empty={q === '' ? t('users.none') : t('users.noMatch', { q })}
          />
          <Pager page={page} total={result.data.total} size={PAGE_SIZE} onPage={toPage} />
        </section>
      )}
    </div>
  );
}
