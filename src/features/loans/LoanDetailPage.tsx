import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fromUnits, toUnits } from '../../../contract/decimal.ts';
import type { Loan } from '../../../contract/loans/schemas.ts';
import { useCoinBalance } from '../../api/balances.ts';
import { call, fetchOwnFile } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { InsufficientFunds } from '../../ui/InsufficientFunds.tsx';
import { LoanStatusBadge } from './LoanStatusBadge.tsx';
import { useLoan, useRefreshLoans } from './queries.ts';
import './loans.css';

/** The signed agreement as a PDF, fetched with the token and saved under its own name. */
function AgreementPdf({ id }: { id: number }) {
  const { t } = useTranslation('loans');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const blob = await fetchOwnFile('loanAgreementPdf', { params: { id } });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `loan-${id}-agreement.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="link link-button"
        disabled={busy}
        onClick={() => void download()}
        data-testid="loans-pdf"
      >
        {t('detail.pdf')}
      </button>
      {failure !== null && (
        <span className="field-error" role="alert">
          {errorMessage(t, failure)}
        </span>
      )}
    </>
  );
}

/**
 * What a repayment takes, item by item as the server counts `owed` (the principal, interest to
 * date, damages), and the real USDT left after it; a balance short of it says so before the
 * confirmation.
 */
function RepayFigures({ loan }: { loan: Loan }) {
  const { t } = useTranslation('loans');
  const available = useCoinBalance('USDT')?.available;
  const owed = loan.owed ?? '0';
  const after = available === undefined ? null : toUnits(available, 6) - toUnits(owed, 6);
  return (
    <>
      <dl className="loans-facts loans-repay-figures" data-testid="loans-repay-figures">
        <Figure label={t('figures.amount')} value={loan.amount} testId="loans-repay-principal">
          <Amount value={loan.amount} asset="USDT" />
        </Figure>
        <Figure label={t('detail.interest')} value={loan.interest} testId="loans-repay-interest">
          <Amount value={loan.interest} asset="USDT" />
        </Figure>
        <Figure label={t('detail.damages')} value={loan.damages} testId="loans-repay-damages">
          <Amount value={loan.damages} asset="USDT" />
        </Figure>
        <Figure label={t('detail.owed')} value={owed} testId="loans-repay-owed">
          <Amount value={owed} asset="USDT" />
        </Figure>
        {after !== null && after >= 0n && (
          <Figure
            label={t('detail.balanceAfter')}
            value={fromUnits(after, 6)}
            testId="loans-repay-after"
          >
            <Amount value={fromUnits(after, 6)} asset="USDT" />
          </Figure>
        )}
      </dl>
      {after !== null && after < 0n && <InsufficientFunds asset="USDT" />}
    </>
  );
}

/** Repaying in full: principal, interest to date and any damages, as `owed` says. */
function Repay({ loan }: { loan: Loan }) {
  const { t } = useTranslation('loans');
  const refresh = useRefreshLoans();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  async function repay() {
    setBusy(true);
    setFailure(null);
    try {
      await call('repayLoan', { body: { id: loan.id } });
      await refresh();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }
  return (
    <div className="loans-repay">
      {asking ? (
        <>
          <RepayFigures loan={loan} />
          <p>{t('detail.repayConfirm', { owed: loan.owed ?? '0' })}</p>
          <div className="loans-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
              {t('apply.back')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => void repay()}
              data-testid="loans-repay-confirm"
            >
              {t('detail.repayNow')}
            </button>
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setAsking(true)}
          data-testid="loans-repay"
        >
          {t('detail.repay')}
        </button>
      )}
      {failure !== null && (
        <div className="alert alert-error" role="alert">
          {errorMessage(t, failure)}
        </div>
      )}
    </div>
  );
}

/** Day by day: what each accrued day added, and what was owed after it. */
function Schedule({ loan }: { loan: Loan }) {
  const { t } = useTranslation('loans');
  return (
    <section className="card">
      <h2 className="loans-name">{t('detail.schedule')}</h2>
      <div className="loans-table-scroll">
        <table className="loans-schedule" data-testid="loans-schedule">
          <thead>
            <tr>
              <th scope="col">{t('detail.day')}</th>
              <th scope="col">{t('detail.date')}</th>
              <th scope="col">{t('detail.interest')}</th>
              <th scope="col">{t('detail.damages')}</th>
              <th scope="col">{t('detail.owed')}</th>
            </tr>
          </thead>
          <tbody>
            {loan.schedule.map((row) => (
              <tr key={row.day}>
                <td className="num" data-label={t('detail.day')}>
                  {row.day}
                </td>
                <td data-label={t('detail.date')}>{formatDay(row.date)}</td>
                <td data-label={t('detail.interest')}>
                  <Amount value={row.interest} />
                </td>
                <td data-label={t('detail.damages')}>
                  <Amount value={row.damages} />
                </td>
                <td data-label={t('detail.owed')}>
                  <Amount value={row.owed} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LoanView({ loan }: { loan: Loan }) {
  const { t } = useTranslation('loans');
  const f = loan.figures;
  return (
    <>
      <section className="card loans-detail" data-testid="loans-detail" data-status={loan.status}>
        <div className="loans-record-head">
          <h2 className="loans-name">{loan.productName}</h2>
          <LoanStatusBadge status={loan.status} />
        </div>
        <dl className="loans-facts">
          <Figure label={t('figures.amount')} value={loan.amount}>
            <Amount value={loan.amount} asset="USDT" />
          </Figure>
          <Figure label={t('figures.term')}>{t('days', { count: loan.termDays })}</Figure>
          <Figure label={t('product.dailyRate')} value={loan.dailyRatePercent}>
            <span className="num">{loan.dailyRatePercent}%</span>
          </Figure>
          <Figure label={t('figures.annual')} value={f.annualPercent}>
            <span className="num">{f.annualPercent}%</span>
          </Figure>
          <Figure label={t('product.freeDays')}>{t('days', { count: loan.freeDays })}</Figure>
          <Figure label={t('figures.totalInterest')} value={f.totalInterest}>
            <Amount value={f.totalInterest} asset="USDT" />
          </Figure>
          <Figure label={t('figures.totalRepay')} value={f.totalRepay}>
            <Amount value={f.totalRepay} asset="USDT" />
          </Figure>
          <Figure label={t('product.overdueRate')} value={loan.overdueRatePercent}>
            <span className="num">{loan.overdueRatePercent}%</span>
          </Figure>
          <Figure label={t('figures.dailyDamages')} value={f.dailyDamages}>
            <Amount value={f.dailyDamages} asset="USDT" />
          </Figure>
          <Figure label={t('detail.dueDay')}>
            <span>{loan.dueDay === null ? '—' : formatDay(loan.dueDay)}</span>
          </Figure>
          <Figure label={t('detail.daysAccrued')}>
            <span className="num">{loan.daysAccrued}</span>
          </Figure>
          <Figure label={t('detail.interest')} value={loan.interest}>
            <Amount value={loan.interest} asset="USDT" />
          </Figure>
          <Figure label={t('detail.damages')} value={loan.damages}>
            <Amount value={loan.damages} asset="USDT" />
          </Figure>
          <Figure label={t('detail.owed')} value={loan.owed}>
            <Amount value={loan.owed} asset="USDT" />
          </Figure>
          {loan.repaidAmount !== null && (
            <Figure label={t('detail.repaidAmount')} value={loan.repaidAmount}>
              <Amount value={loan.repaidAmount} asset="USDT" />
            </Figure>
          )}
          <Figure label={t('detail.appliedAt')}>{formatDateTime(loan.appliedAt)}</Figure>
          {loan.repaidAt !== null && (
            <Figure label={t('detail.repaidAt')}>{formatDateTime(loan.repaidAt)}</Figure>
          )}
        </dl>
        {loan.reasonCode !== null && (
          <p className="loans-reason" data-testid="loans-reason">
            {t(`reviewReason.${loan.reasonCode}`, { defaultValue: t('reviewReason.other') })}
          </p>
        )}
        <p className="muted loans-hash">{t('detail.hash', { hash: loan.agreementHash })}</p>
        <div className="loans-actions">
          <AgreementPdf id={loan.id} />
        </div>
        {(loan.status === 'repaying' || loan.status === 'expired') && <Repay loan={loan} />}
      </section>
      {loan.schedule.length > 0 && <Schedule loan={loan} />}
    </>
  );
}

/** /loan/:id: one of the person's loans, its schedule, repayment and the signed agreement. */
export default function LoanDetailPage() {
  const { t } = useTranslation('loans');
  const id = Number(useParams().id);
  const loan = useLoan(id);
  return (
    <div className="page loans-page loans-detail-page" data-testid="loans-detail-page">
      <p>
        <Link className="link" to="/loan">
          {t('detail.back')}
        </Link>
      </p>
      <h1 className="page-title">{t('detail.title', { id })}</h1>
      {loan.data !== undefined ? (
        <LoanView loan={loan.data} />
      ) : loan.isPending && loan.fetchStatus !== 'idle' ? (
        <Spinner />
      ) : (
        <EmptyState icon="loan" title={errorMessage(t, loan.error)} level={2} />
      )}
    </div>
  );
}
