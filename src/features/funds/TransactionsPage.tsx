import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatTime } from '../../lib/time.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { recordKind } from './kinds.ts';
import { Pager } from './Pager.tsx';
import { useTransactions } from './queries.ts';
import './funds.css';

/** The transaction record: every ledger movement of the person in this book. */
export default function TransactionsPage() {
  const { t } = useTranslation('funds');
  const { book } = useStore(preferences);
  const [page, setPage] = useState(1);
  const moves = useTransactions(page);
  return (
    <div className="page page-narrow funds-page">
      <div className="funds-head">
        <h1 className="page-title">{t('transactions.title')}</h1>
        <span className={`badge badge-${book}`}>{t(`book.${book}`)}</span>
      </div>
      <section className="card">
        {moves.isPending ? (
          <Spinner />
        ) : moves.isError ? (
          <EmptyState icon="doc" title={errorMessage(t, moves.error)} level={2} />
        ) : moves.data.total === 0 ? (
          <EmptyState icon="doc" title={t('transactions.empty')} level={2} />
        ) : (
          <>
            <ul className="record-list">
              {moves.data.list.map((m) => (
                <li
                  key={m.id}
                  className="record"
                  data-testid="transaction"
                  data-kind={m.kind}
                  data-direction={m.direction}
                >
                  <div className="record-head">
                    <span>
                      {t(`kinds.${recordKind(m.kind)}`)}
                      {m.direction === 'internal' && (
                        <span className="muted">
                          {' '}
                          ·{' '}
                          {m.purpose !== 'held'
                            ? t('transactions.released')
                            : m.kind === 'withdrawal_hold'
                              ? t('transactions.held')
                              : t('transactions.frozen')}
                        </span>
                      )}
                    </span>
                    {/* Money kept but set aside is neither income nor spending: no colour. */}
                    <span
                      className={
                        m.direction === 'internal' ? 'muted' : m.direction === 'out' ? 'down' : 'up'
                      }
                    >
                      <Amount value={m.amount} asset={m.asset} />
                    </span>
                  </div>
                  <p className="muted">{formatTime(m.createdAt)}</p>
                </li>
              ))}
            </ul>
            <Pager page={page} size={20} total={moves.data.total} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
