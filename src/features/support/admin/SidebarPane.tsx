import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sidebar } from '../../../../contract/support/schemas.ts';
import { staffCall } from '../../../api/staff-session.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { ErrorAlert } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { SUPPORT_KEY } from './console-queries.ts';

type Rows = NonNullable<Sidebar['person']>['deposits'];
const LISTS = ['deposits', 'withdrawals', 'orders', 'positions'] as const;

function RowList({ title, rows }: { title: string; rows: Rows }) {
  const { t } = useTranslation('admin');
  return (
    <div className="console-side-list">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{t('support.none')}</p>
      ) : (
        <ul>
          {rows.map((r, i) => (
            <li key={i}>
              <span>{r.label}</span>{' '}
              <span className="muted">
                {t(`support.rowStatus.${r.status}`, { defaultValue: r.status })}
              </span>{' '}
              <span className="num">{r.amount}</span>{' '}
              <span className="muted num">{formatDateTime(r.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The person beside the chat, masked until an agent asks to see it (written to the audit log). */
export function SidebarPane({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const [unmask, setUnmask] = useState(false);
  const side = useQuery({
    queryKey: [...SUPPORT_KEY, 'sidebar', id, unmask],
    queryFn: () =>
      staffCall('adminSupportSidebar', { params: { id }, query: { unmask: unmask ? '1' : '0' } }),
  });
  if (side.isPending) return <Spinner />;
  if (side.data === undefined) return <ErrorAlert error={side.error} />;
  const p = side.data.person;
  return (
    <aside className="card console-side" data-testid="console-sidebar">
      {side.data.masked && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => setUnmask(true)}
          data-testid="console-unmask"
        >
          {t('support.unmask')}
        </button>
      )}
      {p === null ? (
        <p>
          {t('support.visitor')}: <span className="num">{side.data.visitorContact}</span>
        </p>
      ) : (
        <>
          <p data-testid="console-person">
            <strong>{p.name}</strong> · <span className="num">{p.contact}</span>
          </p>
          <p>
            {t('support.kyc')}:{' '}
            <span data-testid="console-kyc">
              {t(`support.kycStatus.${p.kyc}`, { defaultValue: p.kyc })}
            </span>
          </p>
          {LISTS.map((list) => (
            <RowList key={list} title={t(`support.${list}`)} rows={p[list]} />
          ))}
        </>
      )}
    </aside>
  );
}
