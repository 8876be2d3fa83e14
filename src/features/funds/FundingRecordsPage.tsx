import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Deposit, Withdrawal } from '../../../contract/funds/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { staffReason } from '../../lib/staff-reason.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Pager } from './Pager.tsx';
import { useDeposits, useWithdrawals } from './queries.ts';
import { ChainCheckNote } from './ChainCheckNote.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import './funds.css';

/** Staff's reason: the catalogue's words in the reader's language, then the note as written. */
function Reason({ code, note }: { code: string | null; note: string | null }) {
  const { t } = useTranslation('funds');
  const reason = staffReason(code, note, t);
  if (reason === undefined) return null;
  return (
    <p className="record-reason" data-testid="record-reason" data-code={code ?? ''}>
      {t('records.reason')}: {reason}
    </p>
  );
}

function DepositItem({ d }: { d: Deposit }) {
  const { t } = useTranslation('funds');
  return (
    <li
      className="record"
      data-testid="deposit-record"
      data-status={d.status}
      data-source={d.source}
    >
      <div className="record-head">
        <Amount value={d.amount} asset={d.asset} />
        <StatusBadge status={d.status} />
      </div>
      <p className="muted">
        {t(`network.${d.network}`)} · {formatTime(d.createdAt)}
        {d.source === 'found' && <> · {t('records.found')}</>}
      </p>
      <p className="muted break">
        {t('fields.txHash')}: <code>{d.txHash}</code>
      </p>
      <ChainCheckNote deposit={d} />
      <Reason code={d.reasonCode} note={d.reason} />
    </li>
  );
}

function WithdrawalItem({ w }: { w: Withdrawal }) {
  const { t } = useTranslation('funds');
  return (
    <li className="record" data-testid="withdrawal-record" data-status={w.status}>
      <div className="record-head">
        <Amount value={w.amount} asset={w.asset} />
        <StatusBadge status={w.status} />
      </div>
      <p className="muted">
        {t('withdraw.fee', { rate: w.feeRate })}: <Amount value={w.fee} /> ·{' '}
        {t('withdraw.received')}: <Amount value={w.received} />
      </p>
      <p className="muted break">
        {w.method === 'crypto'
          ? `${t(`network.${w.network ?? 'ethereum'}`)} · ${w.address ?? ''}`
          : `${w.bankName ?? ''} · ${w.accountName ?? ''} · ${w.iban ?? ''}`}
      </p>
      <p className="muted">{formatTime(w.createdAt)}</p>
      <Reason code={w.reasonCode} note={w.reason} />
    </li>
  );
}

function Records({ tab }: { tab: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation('funds');
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);
  const withdrawals = useWithdrawals(page);
  const query = tab === 'deposits' ? deposits : withdrawals;
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return <EmptyState icon="doc" title={errorMessage(t, query.error)} level={2} />;
  if (query.data.total === 0)
    return <EmptyState icon="doc" title={t(`records.empty.${tab}`)} level={2} />;
  return (
    <>
      <ul className="record-list">
        {tab === 'deposits'
          ? deposits.data?.list.map((d) => <DepositItem key={d.id} d={d} />)
          : withdrawals.data?.list.map((w) => <WithdrawalItem key={w.id} w={w} />)}
      </ul>
      <Pager page={page} size={20} total={query.data.total} onPage={setPage} />
    </>
  );
}

/** Deposit and withdrawal records (SPEC §7 listRecharge, listWithdrwal), with review reasons. */
export default function FundingRecordsPage() {
  const { t } = useTranslation('funds');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'deposits';
  return (
    <div className="page page-narrow funds-page">
      <h1 className="page-title">{t('records.title')}</h1>
      <div className="tabs" role="tablist">
        {(['deposits', 'withdrawals'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === name}
            onClick={() => setParams({ tab: name }, { replace: true })}
          >
            {t(`records.${name}`)}
          </button>
        ))}
      </div>
      <section className="card">
        <Records key={tab} tab={tab} />
      </section>
    </div>
  );
}
