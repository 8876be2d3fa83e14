import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fromUnits, toUnits, trimDecimal } from '../../../contract/decimal.ts';
import { Code } from '../../../contract/errors.ts';
import type { Plan, PlanProduct, PlanStatus } from '../../../contract/plans/schemas.ts';
import { planFigures } from '../../../contract/plans/terms.ts';
import { useCoinBalance } from '../../api/balances.ts';
import { ApiError, call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { inputProblem, tidyDecimal, useInputProblemText } from '../../lib/decimal-input.ts';
import { firstEarnings } from '../../lib/calendar-days.ts';
import { formatDateTime, formatDay } from '../../lib/time.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { ConfirmStep } from '../../ui/ConfirmStep.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { InsufficientFunds } from '../../ui/InsufficientFunds.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { RealBookSwitch } from '../../ui/RealBookSwitch.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useMyPlans, usePlanProducts, useRefreshPlans } from './queries.ts';
import './plans.css';

/** USDT's scale (contract/plans/schemas.ts usdtAmount). */
const SCALE = 6;
const usdt = (units: bigint) => fromUnits(units, SCALE);

/** What the amount typed earns, computed as the server computes it (contract/plans/terms.ts). */
function Preview({ figures }: { figures: ReturnType<typeof planFigures> }) {
  const { t } = useTranslation('plans');
  return (
    <dl className="plans-facts plans-preview" data-testid="plans-preview">
      <Figure label={t('figures.dailyYield')} value={usdt(figures.dailyYield)}>
        <Amount value={usdt(figures.dailyYield)} asset="USDT" />
      </Figure>
      <Figure label={t('figures.totalYield')} value={usdt(figures.totalYield)}>
        <Amount value={usdt(figures.totalYield)} asset="USDT" />
      </Figure>
      <Figure label={t('figures.atMaturity')} value={usdt(figures.atMaturity)}>
        <Amount value={usdt(figures.atMaturity)} asset="USDT" />
      </Figure>
      <Figure label={t('figures.exitToday')} value={usdt(figures.exitReturns)}>
        <Amount value={usdt(figures.exitReturns)} asset="USDT" />{' '}
        <span className="muted">
          ({t('figures.penalty')} <Amount value={usdt(figures.penalty)} asset="USDT" />)
        </span>
      </Figure>
    </dl>
  );
}

/** The subscription form: what the amount earns is shown as it is typed, then confirmed. */
/**
 * The subscription's state: the amount typed, its figures, the confirmation step and the call
 * (one request key per form, so a lost answer is sent again under it and buys once).
 */
function useSubscription(product: PlanProduct) {
  const refresh = useRefreshPlans();
  const requestKey = useRequestKey();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<Plan | null>(null);
  const value = tidyDecimal(amount);
  const problem = inputProblem(value, {
    min: product.minAmount,
    max: product.maxAmount,
    step: '0.000001',
  });
  const figures = problem === undefined ? planFigures(toUnits(value, SCALE), product) : null;

  function type(next: string) {
    setAmount(next);
    setConfirming(false);
    setDone(null);
  }
  function review(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    if (figures !== null) setConfirming(true);
  }
  async function confirm() {
    setBusy(true);
    try {
      const plan = await call('buySmart', {
        body: { key: requestKey.next(), productId: product.id, amount: value },
      });
      requestKey.settle();
      setDone(plan);
      setAmount('');
      await refresh();
    } catch (err) {
      requestKey.settle(err);
      setFailure(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }
  const back = () => setConfirming(false);
  return {
    amount,
    value,
    problem,
    figures,
    confirming,
    busy,
    failure,
    done,
    type,
    review,
    confirm,
    back,
  };
}

/** The annual rate SPEC's daily rate comes to: daily x 365, simple (as Binance states APR). */
function annualPercent(dailyPercent: string): string {
  return trimDecimal(fromUnits(toUnits(dailyPercent, 6) * 365n, 6));
}

/** When a plan bought now starts earning, and when each day is paid (docs/plans.md). */
function Schedule({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('plans');
  // The moment the page opened: a plan bought now starts tomorrow in the zone.
  const [opened] = useState(() => Date.now());
  const first = firstEarnings(opened, timeZone);
  return (
    <p className="muted" data-testid="plans-schedule" data-day={first.day}>
      {t('form.schedule', {
        day: formatDay(first.day),
        zone: timeZone,
        paidAt: formatDateTime(new Date(first.paidAt).toISOString()),
      })}
    </p>
  );
}

/** The real USDT the form can use, and what the amount typed lacks, before Review. */
function useFunds(value: string, valid: boolean) {
  const coin = useCoinBalance('USDT');
  const available = coin?.available ?? null;
  const wanted = valid ? toUnits(value, SCALE) : 0n;
  const have = available === null ? null : toUnits(available, SCALE);
  const shortfall = have !== null && wanted > have ? usdt(wanted - have) : null;
  return { available, shortfall };
}

/** The form's available USDT, and what the amount typed lacks, with the way to fund it. */
function FundsLine({ funds }: { funds: ReturnType<typeof useFunds> }) {
  const { t } = useTranslation('plans');
  if (funds.available === null) return null;
  return (
    <>
      <p className="field-hint" data-testid="plans-available" data-value={funds.available}>
        {t('form.available', { amount: funds.available })}
      </p>
      {funds.shortfall !== null && (
        <>
          <p className="field-error" data-testid="plans-shortfall" data-value={funds.shortfall}>
            {t('form.shortfall', { amount: funds.shortfall })}
          </p>
          <InsufficientFunds asset="USDT" />
        </>
      )}
    </>
  );
}

function SubscribeForm({ product, timeZone }: { product: PlanProduct; timeZone: string }) {
  const { t } = useTranslation('plans');
  const { book } = useStore(preferences);
  const { isLogin } = useStore(sessionStore);
  const problemText = useInputProblemText();
  const { amount, value, problem, figures, confirming, busy, failure, done, ...act } =
    useSubscription(product);
  const full = product.bought >= product.purchaseLimit;
  const demoRefused = failure instanceof ApiError && failure.code === Code.demoNotAllowed;
  const funds = useFunds(value, problem === undefined);

  if (!isLogin) return <SignInPrompt text={t('signIn.subscribe')} testId="plans-sign-in" />;
  if (book === 'demo' || demoRefused) return <RealBookSwitch testId="plans-real-only" />;

  return (
    <form className="plans-form" onSubmit={act.review} noValidate data-testid="plans-form">
      <div className="field">
        <label className="field-label" htmlFor={`plan-amount-${product.id}`}>
          {t('form.amount')}
        </label>
        <div className="field-row">
          <input
            id={`plan-amount-${product.id}`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            disabled={full || confirming}
            onChange={(e) => act.type(e.target.value)}
            aria-invalid={amount !== '' && problem !== undefined ? true : undefined}
            data-testid="plans-amount"
          />
          <span className="plans-unit">USDT</span>
        </div>
        {amount !== '' && problem !== undefined && (
          <span className="field-error" role="alert">
            {problemText(problem, 'USDT')}
          </span>
        )}
      </div>
      <FundsLine funds={funds} />
      {figures !== null && <Preview figures={figures} />}
      <Schedule timeZone={timeZone} />
      <p className="plans-risk" data-testid="plans-risk">
        {t('form.risk')}
      </p>
      {full ? (
        <p className="muted" data-testid="plans-full">
          {t('form.limitReached')}
        </p>
      ) : confirming && figures !== null ? (
        <ConfirmStep
          feature="plans"
          labels={{ back: t('form.back'), confirm: t('form.confirm') }}
          text={t('form.confirmText', {
            amount: value,
            days: product.cycleDays,
            total: usdt(figures.atMaturity),
          })}
          busy={busy}
          onBack={act.back}
          onConfirm={() => void act.confirm()}
        />
      ) : (
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={figures === null || funds.shortfall !== null}
        >
          {t('form.subscribe')}
        </button>
      )}
      {failure !== null && !demoRefused && (
        <div className="alert alert-error" role="alert" data-testid="plans-error">
          {errorMessage(t, failure)}
        </div>
      )}
      {done !== null && (
        <div className="alert alert-success" role="status" data-testid="plans-done">
          {t('form.done', { amount: done.amount })}
        </div>
      )}
    </form>
  );
}

function ProductCard({ product, timeZone }: { product: PlanProduct; timeZone: string }) {
  const { t } = useTranslation('plans');
  const { reserve } = product;
  return (
    <li className="card plans-product" data-testid="plans-product" data-id={product.id}>
      <h2 className="plans-name">{product.name}</h2>
      <dl className="plans-facts">
        <Figure label={t('product.range')}>
          <Amount value={product.minAmount} /> – <Amount value={product.maxAmount} asset="USDT" />
        </Figure>
        <Figure label={t('product.cycle')}>{t('days', { count: product.cycleDays })}</Figure>
        <Figure label={t('product.dailyRate')} value={product.dailyRatePercent}>
          <span className="num">{product.dailyRatePercent}%</span>
        </Figure>
        <Figure
          label={t('product.annualRate')}
          value={annualPercent(product.dailyRatePercent)}
          testId="plans-annual"
        >
          <span className="num">{annualPercent(product.dailyRatePercent)}%</span>{' '}
          <span className="muted">{t('product.annualRule')}</span>
        </Figure>
        <Figure label={t('product.exitPenalty')} value={product.exitPenaltyPercent}>
          <span className="num">{product.exitPenaltyPercent}%</span>
        </Figure>
        <Figure label={t('product.limit')}>
          {t('product.bought', { bought: product.bought, limit: product.purchaseLimit })}
        </Figure>
      </dl>
      <section className="plans-source">
        <h3 className="plans-subtitle">{t('product.yieldSource')}</h3>
        <p className="plans-source-text">{product.yieldSource}</p>
      </section>
      <section>
        <h3 className="plans-subtitle">{t('reserve.title')}</h3>
        <dl className="plans-facts" data-testid="plans-reserve">
          <Figure label={t('reserve.balance')} value={reserve.balance}>
            <Amount value={reserve.balance} asset="USDT" />
          </Figure>
          <Figure label={t('reserve.promised')} value={reserve.promised}>
            <Amount value={reserve.promised} asset="USDT" />
          </Figure>
          <Figure label={t('reserve.paid7d')} value={reserve.paid7d}>
            <Amount value={reserve.paid7d} asset="USDT" />
          </Figure>
          <Figure label={t('reserve.paid30d')} value={reserve.paid30d}>
            <Amount value={reserve.paid30d} asset="USDT" />
          </Figure>
        </dl>
        <p className="muted plans-zone">{t('reserve.timeZone', { zone: timeZone })}</p>
      </section>
      <SubscribeForm product={product} timeZone={timeZone} />
    </li>
  );
}

function Products() {
  const { t } = useTranslation('plans');
  const products = usePlanProducts();
  if (products.isPending) return <Spinner />;
  if (products.data === undefined) {
    return (
      <EmptyState icon="trading" title={errorMessage(t, products.error)} level={2}>
        <button type="button" className="btn btn-ghost" onClick={() => void products.refetch()}>
          {t('retry')}
        </button>
      </EmptyState>
    );
  }
  const { list, timeZone } = products.data;
  if (list.length === 0) return <EmptyState icon="trading" title={t('noProducts')} level={2} />;
  return (
    <ul className="plans-list">
      {list.map((product) => (
        <ProductCard key={product.id} product={product} timeZone={timeZone} />
      ))}
    </ul>
  );
}

const STATUS_CLASS: Record<PlanStatus, string> = {
  earning: 'plans-status-earning',
  shared: 'plans-status-shared',
  expired: 'plans-status-expired',
};

/** An early exit, with its penalty and what comes back stated on the button's confirmation. */
function ExitPlan({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  const refresh = useRefreshPlans();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const penalty = plan.exitPenalty ?? '0';
  const returns = plan.exitReturns ?? plan.amount;

  async function exit() {
    setBusy(true);
    setFailure(null);
    try {
      await call('exitSmart', { body: { id: plan.id } });
      await refresh();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <div className="plans-exit">
      <p className="muted">{t('exit.terms', { penalty, returns })}</p>
      {asking ? (
        <div className="plans-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
            {t('form.back')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void exit()}
            data-testid="plans-exit-confirm"
          >
            {t('exit.confirm', { returns })}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setAsking(true)}
          data-testid="plans-exit"
        >
          {t('exit.button')}
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

function PlanCard({ plan, timeZone }: { plan: Plan; timeZone: string | undefined }) {
  const { t } = useTranslation('plans');
  return (
    <li className="card plans-plan" data-testid="plans-plan" data-status={plan.status}>
      <div className="plans-head">
        <h2 className="plans-name">{plan.productName}</h2>
        <StatusBadge
          status={plan.status}
          label={t(`status.${plan.status}`)}
          className={STATUS_CLASS[plan.status]}
        />
      </div>
      <dl className="plans-facts">
        <Figure label={t('mine.amount')} value={plan.amount}>
          <Amount value={plan.amount} asset="USDT" />
        </Figure>
        <Figure label={t('figures.dailyYield')} value={plan.dailyYield}>
          <Amount value={plan.dailyYield} asset="USDT" />
        </Figure>
        <Figure label={t('product.dailyRate')} value={plan.dailyRatePercent}>
          <span className="num">{plan.dailyRatePercent}%</span>{' '}
          <span className="muted">
            ({t('product.annualRate')} {annualPercent(plan.dailyRatePercent)}%)
          </span>
        </Figure>
        <Figure label={t('mine.daysPaid')}>
          <span className="num">
            {plan.daysPaid} / {plan.cycleDays}
          </span>
        </Figure>
        <Figure label={t('mine.runDays')}>{t('days', { count: plan.runDays })}</Figure>
        <Figure label={t('mine.totalRevenue')} value={plan.totalRevenue}>
          <Amount value={plan.totalRevenue} asset="USDT" />
        </Figure>
        <Figure label={t('mine.todayEarnings')} value={plan.todayEarnings}>
          <Amount value={plan.todayEarnings} asset="USDT" />
        </Figure>
        <Figure label={t('mine.nextEarnings')}>{formatDateTime(plan.nextEarningsAt)}</Figure>
        <Figure label={t('mine.days')}>
          <span>
            {formatDay(plan.firstDay)} – {formatDay(plan.lastDay)}
          </span>
        </Figure>
        {plan.penalty !== null && (
          <Figure label={t('figures.penalty')} value={plan.penalty}>
            <Amount value={plan.penalty} asset="USDT" />
          </Figure>
        )}
      </dl>
      {plan.status === 'earning' && timeZone !== undefined && (
        <p className="muted" data-testid="plans-paid-when">
          {t('mine.paidWhen', { day: formatDay(plan.firstDay), zone: timeZone })}
        </p>
      )}
      {plan.status === 'earning' && <ExitPlan plan={plan} />}
    </li>
  );
}

const PAGE_SIZE = 20;

function MyPlans() {
  const { t } = useTranslation('plans');
  const [page, setPage] = useState(1);
  const plans = useMyPlans(page);
  const timeZone = usePlanProducts().data?.timeZone;
  if (plans.isPending) return <Spinner />;
  if (plans.data === undefined) {
    return (
      <EmptyState icon="trading" title={errorMessage(t, plans.error)} level={2}>
        <button type="button" className="btn btn-ghost" onClick={() => void plans.refetch()}>
          {t('retry')}
        </button>
      </EmptyState>
    );
  }
  if (plans.data.list.length === 0 && page === 1) {
    return <EmptyState icon="trading" title={t('mine.empty')} level={2} />;
  }
  return (
    <>
      <ul className="plans-list">
        {plans.data.list.map((plan) => (
          <PlanCard key={plan.id} plan={plan} timeZone={timeZone} />
        ))}
      </ul>
      <Pager
        page={page}
        size={PAGE_SIZE}
        total={plans.data.total}
        onPage={setPage}
        className="plans-pager"
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

/** /trading: smart plans on offer (with the reserve behind each), and the person's own. */
export default function PlansPage() {
  const { t } = useTranslation('plans');
  const { isLogin } = useStore(sessionStore);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'products';
  return (
    <div className="page plans-page" data-testid="plans-page">
      <h1 className="page-title">{t('title')}</h1>
      <div className="tabs" role="tablist">
        {(['products', 'mine'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === name}
            onClick={() => setParams(name === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
            data-testid={`plans-tab-${name}`}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'products' ? (
        <Products />
      ) : isLogin ? (
        <MyPlans />
      ) : (
        <SignInPrompt text={t('signIn.mine')} testId="plans-mine-sign-in" />
      )}
    </div>
  );
}
