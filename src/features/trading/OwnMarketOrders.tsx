import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { OptionList, OrderHistory, PendingOrders, Positions } from './OrderRows.tsx';
import { BookBadge } from './parts.tsx';
import { useTradingNudges, useUOrders } from './queries.ts';
import './trading.css';

const TABS = ['positions', 'pending', 'history', 'options'] as const;
type Tab = (typeof TABS)[number];

/** How many of the person's orders on the instrument are open, and how many wait to open. */
function useCounts(instrumentId: number) {
  const current = useUOrders('current', 1, instrumentId);
  const list = current.data?.list;
  const count = (status: 'open' | 'waiting') =>
    list === undefined ? undefined : list.filter((o) => o.status === status).length;
  // A page holds 20: past that, the count is the page's and the total says more.
  const more = (current.data?.total ?? 0) > (list?.length ?? 0);
  return { positions: count('open'), pending: count('waiting'), more };
}

type Instrument = { id: number; code: string };

/** The signed-in person's orders on the market, in tabs (MarketOrders). */
export default function OwnOrders({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation('trading');
  const [tab, setTab] = useState<Tab>('positions');
  const panelId = useId();
  useTradingNudges();
  const counts = useCounts(instrument.id);
  const label = (k: Tab) => {
    const n = k === 'positions' ? counts.positions : k === 'pending' ? counts.pending : undefined;
    const name = t(`orders.tabs.${k}`);
    return n === undefined ? name : `${name} (${n}${counts.more ? '+' : ''})`;
  };
  return (
    <section
      className="card trade-market-orders"
      aria-label={t('orders.onMarket', { code: instrument.code })}
      data-testid="market-orders"
    >
      <div className="trade-market-orders-head">
        <div
          className="tabs"
          role="tablist"
          aria-label={t('orders.onMarket', { code: instrument.code })}
        >
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`${panelId}-${k}`}
              aria-selected={tab === k}
              aria-controls={panelId}
              className="tab"
              data-testid={`market-orders-tab-${k}`}
              onClick={() => setTab(k)}
            >
              {label(k)}
            </button>
          ))}
        </div>
        <span className="trade-market-orders-links">
          <BookBadge />
          <Link to="/profile/orders" className="link" data-testid="market-orders-all">
            {t('orders.all')}
          </Link>
        </span>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${tab}`}>
        {tab === 'positions' && <Positions instrumentId={instrument.id} />}
        {tab === 'pending' && <PendingOrders instrumentId={instrument.id} />}
        {tab === 'history' && <OrderHistory instrumentId={instrument.id} />}
        {tab === 'options' && <OptionList instrumentId={instrument.id} />}
      </div>
    </section>
  );
}
