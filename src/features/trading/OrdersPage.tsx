import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toUnits } from '../../../contract/decimal.ts';
import { USDT_SCALE } from '../../../contract/trading/formulas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { liveProfit, percentOf, quoteOfInfo, usdtText } from './figures.ts';
import { OptionList, OrderHistory, PendingOrders, Positions } from './OrderRows.tsx';
import { BookBadge, Percent, ProfitAmount, trimZeros } from './parts.tsx';
import {
  useBalances,
  useLiveQuotes,
  useOpenPositions,
  useProfitTotal,
  useTradingNudges,
} from './queries.ts';
import './trading.css';

const TABS = ['positions', 'pending', 'history', 'options', 'spot'] as const;
type Tab = (typeof TABS)[number];

/** What closed trades made: contracts less their fees, and options. Open positions are apart. */
function Realised() {
  const { t } = useTranslation('trading');
  const total = useProfitTotal();
  if (total.isPending) return <Spinner />;
  if (total.isError) return <p className="alert alert-error">{errorMessage(t, total.error)}</p>;
  const d = total.data;
  return (
    <div className="trade-total-block" data-testid="profit-total">
      <h2 className="muted trade-total-label">{t('orders.total')}</h2>
      <p className="trade-total-value" data-testid="profit-total-value" data-value={d.total}>
        <ProfitAmount value={d.total} />
      </p>
      <dl className="trade-summary trade-total-parts">
        <Figure label={t('orders.totalContracts')} testId="profit-contracts">
          <ProfitAmount value={d.contracts} />
        </Figure>
        <Figure label={t('orders.totalFees')} testId="profit-fees">
          <Amount value={trimZeros(d.fees)} asset="USDT" />
        </Figure>
        <Figure label={t('orders.totalOptions')} testId="profit-options">
          <ProfitAmount value={d.options} />
        </Figure>
      </dl>
    </div>
  );
}

/**
 * The open positions at the live price: their unrealised profit or loss, the return on their
 * margin (ROE), and the account's equity (its USDT, held margin included, plus that profit).
 */
function Unrealised() {
  const { t } = useTranslation('trading');
  const positions = useOpenPositions();
  const quotes = useLiveQuotes(positions.data ?? []);
  const balances = useBalances();
  const openFees = useProfitTotal().data?.openFees;
  const list = positions.data ?? [];
  let unrealised = 0n;
  let margin = 0n;
  let priced = true;
  for (const o of list) {
    const now = liveProfit(o, quoteOfInfo(quotes.get(o.instrumentId)));
    if (now === undefined) priced = false;
    else unrealised += now.profit;
    margin += toUnits(o.margin, USDT_SCALE);
  }
  const known = positions.data !== undefined && priced;
  const usdt = balances.data?.assets.find((a) => a.asset === 'USDT')?.total;
  const equity =
    known && usdt !== undefined ? usdtText(toUnits(usdt, USDT_SCALE) + unrealised) : null;
  const pnl = known ? usdtText(unrealised) : null;
  return (
    <div className="trade-total-block" data-testid="unrealised-total">
      <h2 className="muted trade-total-label">{t('orders.unrealised')}</h2>
      <p className="trade-total-value" data-testid="unrealised-value" data-value={pnl ?? ''}>
        <ProfitAmount value={pnl} />
      </p>
      <dl className="trade-summary trade-total-parts">
        <Figure label={t('orders.roe')} testId="unrealised-roe">
          <Percent value={known ? percentOf(unrealised, margin) : null} />
        </Figure>
        <Figure label={t('orders.openFees')} testId="open-fees" value={openFees}>
          <Amount value={openFees === undefined ? null : trimZeros(openFees)} asset="USDT" />
        </Figure>
        <Figure label={t('orders.equity')} testId="equity" value={equity}>
          <Amount value={equity} asset="USDT" />
        </Figure>
      </dl>
    </div>
  );
}

/**
 * /profile/orders: what closed trades made and what open ones stand at, then open positions,
 * waiting orders, history, options and (from the spot feature, composed by src/app) spot
 * orders.
 */
export default function OrdersPage({ spotOrders }: { spotOrders?: ReactNode }) {
  const { t } = useTranslation('trading');
  useTradingNudges();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tabs = TABS.filter((k) => k !== 'spot' || spotOrders !== undefined);
  const tab: Tab = (tabs as readonly (string | null)[]).includes(asked)
    ? (asked as Tab)
    : 'positions';
  return (
    <div className="page trade-orders">
      <div className="trade-orders-head">
        <h1 className="page-title">{t('orders.title')}</h1>
        <BookBadge />
      </div>
      <section className="card trade-total">
        <Realised />
        <Unrealised />
      </section>
      <div className="tabs trade-orders-tabs" role="tablist" aria-label={t('orders.title')}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === k}
            data-testid={`orders-tab-${k}`}
            onClick={() => setParams({ tab: k }, { replace: true })}
          >
            {t(`orders.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'positions' && <Positions />}
      {tab === 'pending' && <PendingOrders />}
      {tab === 'history' && <OrderHistory />}
      {tab === 'options' && <OptionList />}
      {tab === 'spot' && <Suspense fallback={<Spinner />}>{spotOrders}</Suspense>}
    </div>
  );
}
