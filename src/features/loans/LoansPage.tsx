import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fromUnits, toUnits } from '../../../contract/decimal.ts';
import type {
  Loan,
  LoanAgreement,
  LoanFiguresView,
  LoanProduct,
} from '../../../contract/loans/schemas.ts';
import { loanFigures } from '../../../contract/loans/terms.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { inputProblem, tidyDecimal, useInputProblemText } from '../../lib/decimal-input.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RealBookSwitch } from '../../ui/RealBookSwitch.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { LoanSignature, type SignatureState } from './LoanSignature.tsx';
import { LoanStatusBadge } from './LoanStatusBadge.tsx';
import { LOANS, useLoanProducts, useLoanRecords, useRefreshLoans } from './queries.ts';
import './loans.css';

/** USDT's scale (contract/plans/schemas.ts usdtAmount). */
const SCALE = 6;
const usdt = (units: bigint) => fromUnits(units, SCALE);

interface Application {
  product: LoanProduct;
  amount: string;
  termDays: number;
}

/** The smaller of two decimal strings. */
function smaller(a: string, b: string | null): string {
  if (b === null) return a;
  return toUnits(a, SCALE) <= toUnits(b, SCALE) ? a : b;
}

/** What bounds a loan of this product (Nexo's one credit line): each part, and the least. */
interface CreditLimit {
  productMax: string;
  /** The person's verified limit; null until identity is verified. */
  personalMax: string | null;
  /** What the lending account can lend now. */
  lendingRoom: string;
  limit: string;
}

function creditLimitOf(product: LoanProduct, personalMax: string | null, room: string) {
  const limit = smaller(smaller(product.maxAmount, personalMax), room);
  return { productMax: product.maxAmount, personalMax, lendingRoom: room, limit };
}

/** The credit limit, explained: the lesser of three figures, each shown with its value. */
function CreditLimitFacts({ credit }: { credit: CreditLimit }) {
  const { t } = useTranslation('loans');
  const binding = (v: string | null) =>
    v !== null && toUnits(v, SCALE) === toUnits(credit.limit, SCALE) ? ' loans-binding' : '';
  return (
    <section className="loans-credit" data-testid="loans-credit" data-limit={credit.limit}>
      <p>
        <strong>{t('credit.title')}</strong> <Amount value={credit.limit} asset="USDT" />
      </p>
      <p className="muted">{t('credit.rule')}</p>
      <ul className="loans-credit-parts">
        <li className={binding(credit.productMax)} data-testid="loans-credit-product">
          {t('credit.product')} <Amount value={credit.productMax} asset="USDT" />
        </li>
        <li className={binding(credit.personalMax)} data-testid="loans-credit-personal">
          {t('credit.personal')}{' '}
          {credit.personalMax === null ? (
            t('credit.unverified')
          ) : (
            <Amount value={credit.personalMax} asset="USDT" />
          )}
        </li>
        <li className={binding(credit.lendingRoom)} data-testid="loans-credit-lending">
          {t('credit.lending')} <Amount value={credit.lendingRoom} asset="USDT" />
        </li>
      </ul>
    </section>
  );
}

/** What the amount and term cost, as the agreement will state it (contract/loans/terms.ts). */
function CalculatorFigures({ figures }: { figures: ReturnType<typeof loanFigures> }) {
  const { t } = useTranslation('loans');
  return (
    <dl className="loans-facts loans-preview" data-testid="loans-preview">
      <Figure label={t('figures.totalInterest')} value={usdt(figures.totalInterest)}>
        <Amount value={usdt(figures.totalInterest)} asset="USDT" />
      </Figure>
      <Figure label={t('figures.totalRepay')} value={usdt(figures.totalRepay)}>
        <Amount value={usdt(figures.totalRepay)} asset="USDT" />
      </Figure>
      <Figure label={t('figures.annual')} value={figures.annualPercent}>
        <span className="num">{figures.annualPercent}%</span>
      </Figure>
      <Figure label={t('figures.dailyDamages')} value={usdt(figures.dailyDamages)}>
        <Amount value={usdt(figures.dailyDamages)} asset="USDT" />
      </Figure>
    </dl>
  );
}

/** Applying: a visitor is asked to log in, a demo account offered the switch to Real. */
function ApplyAction({ disabled, onApply }: { disabled: boolean; onApply: () => void }) {
  const { t } = useTranslation('loans');
  const { book } = useStore(preferences);
  const { isLogin } = useStore(sessionStore);
  if (!isLogin) return <SignInPrompt text={t('signIn.apply')} testId="loans-sign-in" />;
  if (book === 'demo') return <RealBookSwitch testId="loans-real-only" />;
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      disabled={disabled}
      onClick={onApply}
      data-testid="loans-apply"
    >
      {t('calculator.apply')}
    </button>
  );
}

/** The amount and the term, and every figure they make before anything is signed. */
function Calculator({
  product,
  credit,
  onApply,
}: {
  product: LoanProduct;
  credit: CreditLimit;
  onApply: (application: Application) => void;
}) {
  const { t } = useTranslation('loans');
  const problemText = useInputProblemText();
  const [amount, setAmount] = useState('');
  const [termDays, setTermDays] = useState(product.terms[0] ?? 0);
  const value = tidyDecimal(amount);
  const problem = inputProblem(value, {
    min: product.minAmount,
    max: credit.limit,
    step: '0.000001',
  });
  const units = problem === undefined ? toUnits(value, SCALE) : null;
  const figures = units === null ? null : loanFigures(units, { ...product, termDays });

  return (
    <div className="loans-calculator" data-testid="loans-calculator">
      <div className="loans-inputs">
        <div className="field">
          <label className="field-label" htmlFor={`loan-amount-${product.id}`}>
            {t('calculator.amount')}
          </label>
          <div className="field-row">
            <input
              id={`loan-amount-${product.id}`}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={amount !== '' && problem !== undefined ? true : undefined}
              data-testid="loans-amount"
            />
            <span className="loans-unit">USDT</span>
          </div>
          {amount !== '' && problem !== undefined && (
            <span className="field-error" role="alert">
              {problemText(problem, 'USDT')}
            </span>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`loan-term-${product.id}`}>
            {t('calculator.term')}
          </label>
          <select
            id={`loan-term-${product.id}`}
            className="select"
            value={termDays}
            onChange={(e) => setTermDays(Number(e.target.value))}
            data-testid="loans-term"
          >
            {product.terms.map((days) => (
              <option key={days} value={days}>
                {t('days', { count: days })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {figures !== null && <CalculatorFigures figures={figures} />}
      <ApplyAction
        disabled={figures === null || credit.personalMax === null}
        onApply={() => onApply({ product, amount: value, termDays })}
      />
    </div>
  );
}

function ProductCard({
  product,
  personalMax,
  lendingRoom,
  onApply,
}: {
  product: LoanProduct;
  personalMax: string | null;
  lendingRoom: string;
  onApply: (application: Application) => void;
}) {
  const { t } = useTranslation('loans');
  const credit = creditLimitOf(product, personalMax, lendingRoom);
  return (
    <li className="card loans-product" data-testid="loans-product" data-id={product.id}>
      <h2 className="loans-name">{product.name}</h2>
      <dl className="loans-facts">
        <Figure label={t('product.range')}>
          <Amount value={product.minAmount} /> – <Amount value={product.maxAmount} asset="USDT" />
        </Figure>
        <Figure label={t('product.terms')}>
          {product.terms.map((days) => t('days', { count: days })).join(', ')}
        </Figure>
        <Figure label={t('product.dailyRate')} value={product.dailyRatePercent}>
          <span className="num">{product.dailyRatePercent}%</span>
        </Figure>
        <Figure label={t('product.freeDays')}>{t('days', { count: product.freeDays })}</Figure>
        <Figure label={t('product.overdueRate')} value={product.overdueRatePercent}>
          <span className="num">{product.overdueRatePercent}%</span>
        </Figure>
      </dl>
      <CreditLimitFacts credit={credit} />
      <Calculator product={product} credit={credit} onApply={onApply} />
    </li>
  );
}

/** Every figure of the agreement as the server computed it: what the signature covers. */
function AgreementFigures({ figures }: { figures: LoanFiguresView }) {
  const { t } = useTranslation('loans');
  return (
    <dl className="loans-facts loans-preview" data-testid="loans-agreement-figures">
      <Figure label={t('figures.amount')} value={figures.amount}>
        <Amount value={figures.amount} asset="USDT" />
      </Figure>
      <Figure label={t('figures.term')}>{t('days', { count: figures.termDays })}</Figure>
      <Figure label={t('product.dailyRate')} value={figures.dailyRatePercent}>
        <span className="num">{figures.dailyRatePercent}%</span>
      </Figure>
      <Figure label={t('figures.annual')} value={figures.annualPercent}>
        <span className="num">{figures.annualPercent}%</span>
      </Figure>
      <Figure label={t('product.freeDays')}>{t('days', { count: figures.freeDays })}</Figure>
      <Figure label={t('figures.totalInterest')} value={figures.totalInterest}>
        <Amount value={figures.totalInterest} asset="USDT" />
      </Figure>
      <Figure label={t('figures.totalRepay')} value={figures.totalRepay}>
        <Amount value={figures.totalRepay} asset="USDT" />
      </Figure>
      <Figure label={t('figures.repayBy')}>
        <span className="num">{figures.repayBy}</span>
      </Figure>
      <Figure label={t('product.overdueRate')} value={figures.overdueRatePercent}>
        <span className="num">{figures.overdueRatePercent}%</span>
      </Figure>
      <Figure label={t('figures.dailyDamages')} value={figures.dailyDamages}>
        <Amount value={figures.dailyDamages} asset="USDT" />
      </Figure>
    </dl>
  );
}

/** The agreement as the server states it, the signature under it, then the application. */
function Apply({ application, onClose }: { application: Application; onClose: () => void }) {
  const { t } = useTranslation('loans');
  const { product, amount, termDays } = application;
  const agreement = useQuery({
    queryKey: [LOANS, 'agreement', product.id, amount, termDays],
    queryFn: () => call('loanAgreement', { query: { productId: product.id, amount, termDays } }),
    staleTime: 0,
  });
  if (agreement.isPending) return <Spinner />;
  if (agreement.data === undefined) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{errorMessage(t, agreement.error)}</p>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('apply.back')}
        </button>
      </div>
    );
  }
  return <Sign application={application} agreement={agreement.data} onClose={onClose} />;
}

/** The application sent: where to follow it. */
function Applied({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const { t } = useTranslation('loans');
  return (
    <section className="card loans-apply" data-testid="loans-applied">
      <div className="alert alert-success" role="status">
        {t('apply.done', { amount: loan.amount })}
      </div>
      <div className="loans-actions">
        <Link className="btn btn-primary" to={`/loan/${loan.id}`}>
          {t('apply.view')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('apply.back')}
        </button>
      </div>
    </section>
  );
}

/**
 * Reading and signing: the application names the version and the figures shown here, so the
 * server refuses it (10204) if they are not the ones it would apply.
 */
function Sign({
  application,
  agreement,
  onClose,
}: {
  application: Application;
  agreement: LoanAgreement;
  onClose: () => void;
}) {
  const { t } = useTranslation('loans');
  const refresh = useRefreshLoans();
  const requestKey = useRequestKey();
  const [signature, setSignature] = useState<SignatureState>({ phase: 'empty' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<Loan | null>(null);
  const { version, productName, clauses, figures } = agreement;

  async function submit() {
    if (signature.phase !== 'done') return;
    setBusy(true);
    setFailure(null);
    try {
      const loan = await call('loan', {
        body: {
          key: requestKey.next(),
          productId: application.product.id,
          amount: application.amount,
          termDays: application.termDays,
          agreementVersion: version,
          figures: { totalRepay: figures.totalRepay, totalInterest: figures.totalInterest },
          signature: signature.fileId,
          language: preferences.get().language,
        },
      });
      requestKey.settle();
      setDone(loan);
      await refresh();
    } catch (err) {
      requestKey.settle(err);
      setFailure(err);
    } finally {
      setBusy(false);
    }
  }

  if (done !== null) return <Applied loan={done} onClose={onClose} />;
  const words = { ...figures, productName };
  return (
    <section className="card loans-apply" data-testid="loans-agreement" data-version={version}>
      <h2 className="loans-name">{t('apply.title', { productName })}</h2>
      <p className="muted">{t('apply.version', { version })}</p>
      <AgreementFigures figures={figures} />
      <ol className="loans-clauses" data-testid="loans-clauses">
        {clauses.map((clause) => (
          <li key={clause}>{t(`agreement.${clause}`, words)}</li>
        ))}
      </ol>
      <LoanSignature state={signature} onChange={setSignature} />
      {failure !== null && (
        <div className="alert alert-error" role="alert" data-testid="loans-error">
          {errorMessage(t, failure)}
        </div>
      )}
      <div className="loans-actions loans-nav">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('apply.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || signature.phase !== 'done'}
          onClick={() => void submit()}
          data-testid="loans-submit"
        >
          {t('apply.submit')}
        </button>
      </div>
    </section>
  );
}

/** The lending account, in the open: what there is to lend and what is lent out. */
function Lending({ data }: { data: NonNullable<ReturnType<typeof useLoanProducts>['data']> }) {
  const { t } = useTranslation('loans');
  return (
    <section className="card loans-lending" data-testid="loans-lending">
      <dl className="loans-facts">
        <Figure label={t('lending.balance')} value={data.lendingBalance}>
          <Amount value={data.lendingBalance} asset="USDT" />
        </Figure>
        <Figure label={t('lending.outstanding')} value={data.outstanding}>
          <Amount value={data.outstanding} asset="USDT" />
        </Figure>
        <Figure label={t('lending.personalMax')} value={data.personalMax}>
          {data.personalMax === null ? (
            <Link className="link" to="/profile/kyc" data-testid="loans-verify">
              {t('lending.verify')}
            </Link>
          ) : (
            <Amount value={data.personalMax} asset="USDT" />
          )}
        </Figure>
      </dl>
      <p className="muted loans-zone">{t('lending.timeZone', { zone: data.timeZone })}</p>
    </section>
  );
}

const PAGE_SIZE = 20;

function Records() {
  const { t } = useTranslation('loans');
  const [page, setPage] = useState(1);
  const records = useLoanRecords(page);
  if (records.isPending) return <Spinner />;
  if (records.data === undefined) {
    return <p className="alert alert-error">{errorMessage(t, records.error)}</p>;
  }
  if (records.data.list.length === 0 && page === 1) {
    return <p className="muted">{t('records.empty')}</p>;
  }
  return (
    <>
      <ul className="loans-records" data-testid="loans-records">
        {records.data.list.map((loan) => (
          <li key={loan.id} className="loans-record" data-status={loan.status}>
            <Link to={`/loan/${loan.id}`} className="loans-record-link">
              <span className="loans-record-head">
                <span className="loans-record-name">{loan.productName}</span>
                <LoanStatusBadge status={loan.status} />
              </span>
              <span className="muted">
                <Amount value={loan.amount} asset="USDT" /> · {t('days', { count: loan.termDays })}{' '}
                · {formatDateTime(loan.appliedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        size={PAGE_SIZE}
        total={records.data.total}
        onPage={setPage}
        className="loans-pager"
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

/** /loan: the products and their calculator, the application with its agreement, my loans. */
export default function LoansPage() {
  const { t } = useTranslation('loans');
  const { isLogin } = useStore(sessionStore);
  const products = useLoanProducts();
  const [application, setApplication] = useState<Application | null>(null);
  return (
    <div className="page loans-page" data-testid="loans-page">
      <h1 className="page-title">{t('title')}</h1>
      {products.isPending ? (
        <Spinner />
      ) : products.data === undefined ? (
        <EmptyState icon="loan" title={errorMessage(t, products.error)} level={2}>
          <button type="button" className="btn btn-ghost" onClick={() => void products.refetch()}>
            {t('retry')}
          </button>
        </EmptyState>
      ) : (
        <>
          <Lending data={products.data} />
          {application !== null ? (
            <Apply
              key={`${application.product.id}-${application.amount}-${application.termDays}`}
              application={application}
              onClose={() => setApplication(null)}
            />
          ) : products.data.list.length === 0 ? (
            <EmptyState icon="loan" title={t('noProducts')} level={2} />
          ) : (
            <ul className="loans-list">
              {products.data.list.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  personalMax={products.data.personalMax}
                  lendingRoom={products.data.lendingBalance}
                  onApply={setApplication}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <section className="card loans-mine">
        <h2 className="loans-name">{t('records.title')}</h2>
        {isLogin ? (
          <Records />
        ) : (
          <SignInPrompt text={t('signIn.records')} testId="loans-records-sign-in" />
        )}
      </section>
    </div>
  );
}
