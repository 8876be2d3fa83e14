import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toUnits } from '../../../contract/decimal.ts';
import { USDT_SCALE } from '../../../contract/trading/formulas.ts';
import type { OptionOrder, UOrder } from '../../../contract/trading/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import {
  heldOf,
  liveProfit,
  percentOf,
  precisionOf,
  priceText,
  quoteOfInfo,
  usdtText,
} from './figures.ts';
import { EditStops, StopOrder } from './OrderDialogs.tsx';
import { formatCountdown, useNow } from '../../lib/countdown.ts';
import { OrderStatus, Pager, Percent, ProfitAmount, usePeriodLabel } from './parts.tsx';
import { useLiveTradingInfo, useOptionOrders, useUOrders, type UOrderStatus } from './queries.ts';

/**
 * The rows of the person's contracts and options, shared by My orders and a market's page
 * (which lists that market's only).
 */

function Side({ side }: { side: UOrder['side'] }) {
  const { t } = useTranslation('trading');
  return (
    <span className={`badge trade-badge-${side}`} data-side={side}>
      {t(`contract.side.${side}`)}
    </span>
  );
}

function OrderFigures({ o, children }: { o: UOrder; children?: ReactNode }) {
  const { t } = useTranslation('trading');
  return (
    <dl className="trade-summary trade-row-figures">
      <div>
        <dt>{t('contract.lots')}</dt>
        <dd className="num">
          {o.lots} · {t('contract.leverageValue', { value: o.leverage })}
        </dd>
      </div>
      {o.openPrice !== null ? (
        <div>
          <dt>{t('orders.openPrice')}</dt>
          <dd>
            <Price value={o.openPrice} />
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t('contract.limitPrice')}</dt>
          <dd>
            <Price value={o.limitPrice} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t('contract.stopLoss')}</dt>
        <dd data-testid="order-sl">
          <Price value={o.stopLoss} />
        </dd>
      </div>
      <div>
        <dt>{t('contract.takeProfit')}</dt>
        <dd data-testid="order-tp">
          <Price value={o.takeProfit} />
        </dd>
      </div>
      <div>
        <dt>{t('contract.margin')}</dt>
        <dd>
          <Amount value={o.margin} asset="USDT" />
        </dd>
      </div>
      {children}
    </dl>
  );
}

function RowHead({ o }: { o: UOrder }) {
  const { t } = useTranslation('trading');
  return (
    <div className="record-head trade-row-head">
      <span className="trade-row-title">
        <strong>{o.code}</strong> <Side side={o.side} />
        <Link to={`/profile/orders/contract/${o.id}`} className="muted" data-testid="order-link">
          #{o.id}
        </Link>
      </span>
      <span className="trade-row-status">
        <span className="muted">{t(`contract.types.${o.type}`)}</span>
        <OrderStatus status={o.status} />
      </span>
    </div>
  );
}

/**
 * A live order's two actions: edit its stops, and stop it (close an open position at market,
 * cancel a waiting order), each through its dialog.
 */
function RowActions({
  order,
  prefix,
  stop,
}: {
  order: UOrder;
  prefix: 'position' | 'pending';
  stop: 'close' | 'cancel';
}) {
  const { t } = useTranslation('trading');
  const [dialog, setDialog] = useState<'edit' | 'stop' | null>(null);
  return (
    <>
      <div className="trade-row-actions">
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid={`${prefix}-edit`}
          onClick={() => setDialog('edit')}
        >
          {t('orders.edit')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-small"
          data-testid={`${prefix}-${stop}`}
          onClick={() => setDialog('stop')}
        >
          {t(`orders.${stop}`)}
        </button>
      </div>
      {dialog === 'edit' && <EditStops order={order} onClose={() => setDialog(null)} />}
      {dialog === 'stop' && <StopOrder order={order} onClose={() => setDialog(null)} />}
    </>
  );
}

function PositionRow({ o }: { o: UOrder }) {
  const { t } = useTranslation('trading');
  const info = useLiveTradingInfo(o.instrumentId, o.code);
  const now = liveProfit(o, quoteOfInfo(info.data));
  const profit = now === undefined ? null : usdtText(now.profit);
  const roe = now === undefined ? null : percentOf(now.profit, toUnits(o.margin, USDT_SCALE));
  return (
    <li className="record trade-row" data-testid="position-row" data-id={o.id} data-side={o.side}>
      <RowHead o={o} />
      <OrderFigures o={o}>
        <div>
          <dt>{t(`orders.closeAt.${o.side}`)}</dt>
          <dd data-testid="position-price">
            <Price value={now === undefined ? null : priceText(now.close, precisionOf(o))} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.liquidation')}</dt>
          <dd>
            <Price value={o.liquidationPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.profitNow')}</dt>
          <dd data-testid="position-pnl" data-value={profit ?? ''}>
            <ProfitAmount value={profit} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.roe')}</dt>
          <dd data-testid="position-roe" data-value={roe ?? ''}>
            <Percent value={roe} />
          </dd>
        </div>
      </OrderFigures>
      <RowActions order={o} prefix="position" stop="close" />
    </li>
  );
}

function PendingRow({ o }: { o: UOrder }) {
  const { t } = useTranslation('trading');
  return (
    <li className="record trade-row" data-testid="pending-row" data-id={o.id} data-side={o.side}>
      <RowHead o={o} />
      <OrderFigures o={o}>
        <div>
          <dt>{t('orders.held')}</dt>
          <dd>
            <Amount value={usdtText(heldOf(o))} asset="USDT" />
          </dd>
        </div>
      </OrderFigures>
      <p className="muted">{formatTime(o.createdAt)}</p>
      <RowActions order={o} prefix="pending" stop="cancel" />
    </li>
  );
}

function HistoryRow({ o }: { o: UOrder }) {
  const { t } = useTranslation('trading');
  return (
    <li
      className="record trade-row"
      data-testid="history-row"
      data-id={o.id}
      data-status={o.status}
      data-reason={o.closeReason ?? ''}
    >
      <RowHead o={o} />
      <OrderFigures o={o}>
        {o.closePrice !== null && (
          <div>
            <dt>{t('orders.closePrice')}</dt>
            <dd>
              <Price value={o.closePrice} />
            </dd>
          </div>
        )}
        {o.status === 'closed' && (
          <div>
            <dt>{t('orders.profit')}</dt>
            <dd data-testid="history-profit" data-value={o.profit ?? ''}>
              <ProfitAmount value={o.profit} />
            </dd>
          </div>
        )}
      </OrderFigures>
      <p className="muted" data-testid="history-reason">
        {o.closeReason !== null && <>{t(`reason.${o.closeReason}`)} · </>}
        {formatTime(o.closedAt ?? o.createdAt)}
      </p>
    </li>
  );
}

/** One status's orders (of one instrument, when given), a page at a time. */
export function OrderList({
  status,
  Row,
  empty,
  title,
  instrumentId,
}: {
  status: UOrderStatus;
  Row: (props: { o: UOrder }) => ReactNode;
  empty: string;
  title?: string;
  instrumentId?: number;
}) {
  const { t } = useTranslation('trading');
  const [page, setPage] = useState(1);
  const orders = useUOrders(status, page, instrumentId);
  return (
    <section className="card" data-testid={`orders-${status}`}>
      {title !== undefined && <h2 className="section-title">{title}</h2>}
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError ? (
        <EmptyState icon="doc" title={errorMessage(t, orders.error)} level={2} />
      ) : orders.data.total === 0 ? (
        <EmptyState icon="trading" title={empty} level={2} />
      ) : (
        <>
          <ul className="record-list trade-rows">
            {orders.data.list.map((o) => (
              <Row key={o.id} o={o} />
            ))}
          </ul>
          <Pager page={page} size={20} total={orders.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** Open positions (live profit, edit, close at market), one instrument's when given. */
export function Positions({ instrumentId }: { instrumentId?: number }) {
  const { t } = useTranslation('trading');
  return (
    <OrderList
      status="open"
      Row={PositionRow}
      empty={t('orders.emptyPositions')}
      instrumentId={instrumentId}
    />
  );
}

/** Limit orders waiting to open (edit, cancel), one instrument's when given. */
export function PendingOrders({ instrumentId }: { instrumentId?: number }) {
  const { t } = useTranslation('trading');
  return (
    <OrderList
      status="waiting"
      Row={PendingRow}
      empty={t('orders.emptyPending')}
      instrumentId={instrumentId}
    />
  );
}

/** Closed positions, then cancelled orders, one instrument's when given. */
export function OrderHistory({ instrumentId }: { instrumentId?: number }) {
  const { t } = useTranslation('trading');
  return (
    <>
      <OrderList
        status="closed"
        Row={HistoryRow}
        empty={t('orders.emptyClosed')}
        title={t('status.closed')}
        instrumentId={instrumentId}
      />
      <OrderList
        status="cancelled"
        Row={HistoryRow}
        empty={t('orders.emptyCancelled')}
        title={t('status.cancelled')}
        instrumentId={instrumentId}
      />
    </>
  );
}

function OptionRow({ o }: { o: OptionOrder }) {
  const { t } = useTranslation('trading');
  const now = useNow(1000);
  const periodLabel = usePeriodLabel();
  const left = Date.parse(o.expiresAt) - now;
  return (
    <li
      className="record trade-row"
      data-testid="option-row"
      data-id={o.id}
      data-status={o.status}
      data-outcome={o.outcome ?? ''}
    >
      <div className="record-head trade-row-head">
        <span className="trade-row-title">
          <strong>{o.code}</strong>{' '}
          <span className={`badge trade-badge-${o.direction === 'up' ? 'long' : 'short'}`}>
            {t(`option.direction.${o.direction}`)}
          </span>{' '}
          {periodLabel(o.seconds)}
          <Link to={`/profile/orders/option/${o.id}`} className="muted" data-testid="order-link">
            #{o.id}
          </Link>
        </span>
        <OrderStatus status={o.outcome ?? (o.status === 'open' ? 'running' : o.status)} />
      </div>
      <dl className="trade-summary trade-row-figures">
        <div>
          <dt>{t('option.amount')}</dt>
          <dd>
            <Amount value={o.amount} asset="USDT" />
          </dd>
        </div>
        <div>
          <dt>{t('orders.openPrice')}</dt>
          <dd>
            <Price value={o.openPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.settlePrice')}</dt>
          <dd>
            <Price value={o.settlePrice} />
          </dd>
        </div>
        <div>
          <dt>{o.status === 'open' ? t('option.expiresIn') : t('option.paid')}</dt>
          <dd>
            {o.status === 'open' ? (
              <span className="num">{left > 0 ? formatCountdown(left) : t('option.settling')}</span>
            ) : (
              <Amount value={o.paid} asset="USDT" />
            )}
          </dd>
        </div>
      </dl>
      <p className="muted">{formatTime(o.createdAt)}</p>
    </li>
  );
}

/** Options, newest first, one instrument's when given. */
export function OptionList({ instrumentId }: { instrumentId?: number }) {
  const { t } = useTranslation('trading');
  const [page, setPage] = useState(1);
  const options = useOptionOrders(page, instrumentId);
  const open = options.data?.list.some((o) => o.status === 'open') ?? false;
  return (
    <section className="card" data-testid="orders-options">
      {options.isPending ? (
        <Spinner />
      ) : options.isError ? (
        <EmptyState icon="doc" title={errorMessage(t, options.error)} level={2} />
      ) : options.data.total === 0 ? (
        <EmptyState icon="trading" title={t('orders.emptyOptions')} level={2} />
      ) : (
        <>
          <ul className="record-list trade-rows" aria-live={open ? 'polite' : undefined}>
            {options.data.list.map((o) => (
              <OptionRow key={o.id} o={o} />
            ))}
          </ul>
          <Pager page={page} size={20} total={options.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** /profile/orders: the realised total, open positions, waiting orders, history and options. */
