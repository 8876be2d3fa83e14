import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { OptionOrder, UOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  heldOf,
  liveProfit,
  normaliseDecimal,
  precisionOf,
  priceText,
  quoteOfInfo,
  stopsEditProblem,
  usdtText,
} from './figures.ts';
import {
  BookBadge,
  formatCountdown,
  OrderStatus,
  Pager,
  ProfitAmount,
  trimZeros,
  useNow,
  usePeriodLabel,
} from './parts.tsx';
import {
  refreshTrading,
  useLiveTradingInfo,
  useOptionOrders,
  useProfitTotal,
  useTradingNudges,
  useUOrders,
  type UOrderStatus,
} from './queries.ts';
import './trading.css';

const TABS = ['positions', 'pending', 'history', 'options'] as const;
type Tab = (typeof TABS)[number];

function ProfitTotal() {
  const { t } = useTranslation('trading');
  const total = useProfitTotal();
  if (total.isPending) return <Spinner />;
  if (total.isError) return <p className="alert alert-error">{errorMessage(t, total.error)}</p>;
  const d = total.data;
  return (
    <section className="card trade-total" data-testid="profit-total">
      <h2 className="muted trade-total-label">{t('orders.total')}</h2>
      <p className="trade-total-value" data-testid="profit-total-value" data-value={d.total}>
        <ProfitAmount value={d.total} />
      </p>
      <dl className="trade-summary trade-total-parts">
        <div>
          <dt>{t('orders.totalContracts')}</dt>
          <dd data-testid="profit-contracts">
            <ProfitAmount value={d.contracts} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.totalFees')}</dt>
          <dd data-testid="profit-fees">
            <Amount value={trimZeros(d.fees)} asset="USDT" />
          </dd>
        </div>
        <div>
          <dt>{t('orders.totalOptions')}</dt>
          <dd data-testid="profit-options">
            <ProfitAmount value={d.options} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Side({ side }: { side: UOrder['side'] }) {
  const { t } = useTranslation('trading');
  return (
    <span className={`badge trade-badge-${side}`} data-side={side}>
      {t(`contract.side.${side}`)}
    </span>
  );
}

/** Stop loss and take profit of an open or waiting order, checked as updateU checks them. */
function EditStops({ order, onClose }: { order: UOrder; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const queryClient = useQueryClient();
  const info = useLiveTradingInfo(order.instrumentId, order.code);
  const form = useFormError();
  const [stopLoss, setStopLoss] = useState(order.stopLoss);
  const [takeProfit, setTakeProfit] = useState(order.takeProfit);
  const problem = stopsEditProblem(order, quoteOfInfo(info.data), stopLoss, takeProfit);
  const fieldError = (field: 'stopLoss' | 'takeProfit') =>
    problem?.field === field ? t(`errors:${problem.code}`) : form.fieldError(field);

  async function save() {
    await form.submit(async () => {
      await call('updateU', {
        body: {
          id: order.id,
          stopLoss: normaliseDecimal(stopLoss),
          takeProfit: normaliseDecimal(takeProfit),
        },
      });
      await refreshTrading(queryClient);
      onClose();
    });
  }

  return (
    <Modal title={t('orders.editTitle', { id: order.id })} onClose={onClose}>
      <div className="trade-confirm" data-testid="edit-stops">
        <FormErrorAlert form={form} fields={['stopLoss', 'takeProfit']} />
        <TextField
          label={t('contract.stopLoss')}
          inputMode="decimal"
          autoComplete="off"
          value={stopLoss}
          onChange={(e) => {
            setStopLoss(e.target.value);
            form.clear();
          }}
          error={fieldError('stopLoss')}
          hint={t(`contract.stopLossHint.${order.side}`)}
          data-testid="edit-stop-loss"
        />
        <TextField
          label={t('contract.takeProfit')}
          inputMode="decimal"
          autoComplete="off"
          value={takeProfit}
          onChange={(e) => {
            setTakeProfit(e.target.value);
            form.clear();
          }}
          error={fieldError('takeProfit')}
          hint={t(`contract.takeProfitHint.${order.side}`)}
          data-testid="edit-take-profit"
        />
        {problem !== undefined && problem.field === undefined && (
          <div className="alert alert-error" role="alert">
            {t(`errors:${problem.code}`)}
          </div>
        )}
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="edit-save"
          disabled={form.busy || problem !== undefined}
          onClick={() => void save()}
        >
          {t('orders.save')}
        </button>
      </div>
    </Modal>
  );
}

/** Closing an open position at market, or cancelling a waiting order: one stopU, confirmed. */
function StopOrder({ order, onClose }: { order: UOrder; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const queryClient = useQueryClient();
  const info = useLiveTradingInfo(order.instrumentId, order.code);
  const form = useFormError();
  const now = liveProfit(order, quoteOfInfo(info.data));
  const closing = order.status === 'open';

  async function stop() {
    await form.submit(async () => {
      await call('stopU', { body: { id: order.id } });
      await refreshTrading(queryClient);
      onClose();
    });
  }

  return (
    <Modal
      title={t(closing ? 'orders.closeTitle' : 'orders.cancelTitle', { id: order.id })}
      onClose={onClose}
    >
      <div className="trade-confirm" data-testid={closing ? 'close-confirm' : 'cancel-confirm'}>
        <FormErrorAlert form={form} fields={[]} />
        {closing ? (
          <dl className="trade-summary">
            <div>
              <dt>{t(`orders.closeAt.${order.side}`)}</dt>
              <dd>
                <Amount
                  value={now === undefined ? null : priceText(now.close, precisionOf(order))}
                />
              </dd>
            </div>
            <div>
              <dt>{t('orders.profitNow')}</dt>
              <dd>
                <ProfitAmount value={now === undefined ? null : usdtText(now.profit)} />
              </dd>
            </div>
          </dl>
        ) : (
          <p className="muted">{t('orders.cancelNote', { amount: usdtText(heldOf(order)) })}</p>
        )}
        {closing && <p className="muted">{t('orders.closeNote')}</p>}
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid={closing ? 'close-submit' : 'cancel-submit'}
          disabled={form.busy}
          onClick={() => void stop()}
        >
          {t(closing ? 'orders.close' : 'orders.cancel')}
        </button>
      </div>
    </Modal>
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
            <Amount value={o.openPrice} />
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t('contract.limitPrice')}</dt>
          <dd>
            <Amount value={o.limitPrice} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t('contract.stopLoss')}</dt>
        <dd data-testid="order-sl">
          <Amount value={o.stopLoss} />
        </dd>
      </div>
      <div>
        <dt>{t('contract.takeProfit')}</dt>
        <dd data-testid="order-tp">
          <Amount value={o.takeProfit} />
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
  return (
    <li className="record trade-row" data-testid="position-row" data-id={o.id} data-side={o.side}>
      <RowHead o={o} />
      <OrderFigures o={o}>
        <div>
          <dt>{t(`orders.closeAt.${o.side}`)}</dt>
          <dd data-testid="position-price">
            <Amount value={now === undefined ? null : priceText(now.close, precisionOf(o))} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.liquidation')}</dt>
          <dd>
            <Amount value={o.liquidationPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.profitNow')}</dt>
          <dd data-testid="position-pnl" data-value={now === undefined ? '' : usdtText(now.profit)}>
            <ProfitAmount value={now === undefined ? null : usdtText(now.profit)} />
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
              <Amount value={o.closePrice} />
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

/** One status's orders, a page at a time. */
function OrderList({
  status,
  Row,
  empty,
  title,
}: {
  status: UOrderStatus;
  Row: (props: { o: UOrder }) => ReactNode;
  empty: string;
  title?: string;
}) {
  const { t } = useTranslation('trading');
  const [page, setPage] = useState(1);
  const orders = useUOrders(status, page);
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
            <Amount value={o.openPrice} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.settlePrice')}</dt>
          <dd>
            <Amount value={o.settlePrice} />
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

function OptionList() {
  const { t } = useTranslation('trading');
  const [page, setPage] = useState(1);
  const options = useOptionOrders(page);
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
export default function OrdersPage() {
  const { t } = useTranslation('trading');
  useTradingNudges();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly (string | null)[]).includes(asked)
    ? (asked as Tab)
    : 'positions';
  return (
    <div className="page page-narrow trade-orders">
      <div className="trade-orders-head">
        <h1 className="page-title">{t('orders.title')}</h1>
        <BookBadge />
      </div>
      <ProfitTotal />
      <div className="tabs trade-orders-tabs" role="tablist" aria-label={t('orders.title')}>
        {TABS.map((k) => (
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
      {tab === 'positions' && (
        <OrderList status="open" Row={PositionRow} empty={t('orders.emptyPositions')} />
      )}
      {tab === 'pending' && (
        <OrderList status="waiting" Row={PendingRow} empty={t('orders.emptyPending')} />
      )}
      {tab === 'history' && (
        <>
          <OrderList
            status="closed"
            Row={HistoryRow}
            empty={t('orders.emptyClosed')}
            title={t('status.closed')}
          />
          <OrderList
            status="cancelled"
            Row={HistoryRow}
            empty={t('orders.emptyCancelled')}
            title={t('status.cancelled')}
          />
        </>
      )}
      {tab === 'options' && <OptionList />}
    </div>
  );
}
