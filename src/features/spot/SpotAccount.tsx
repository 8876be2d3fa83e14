import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SpotOrder, SpotPair } from '../../../contract/spot/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { formatTime } from '../../lib/time.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { PlatformMark } from './OrderBook.tsx';
import { useSpotPairs } from './pairs.ts';
import { Figure } from '../../ui/Figure.tsx';
import { OrderStatus, SideBadge, useReasonText } from './parts.tsx';
import {
  refreshSpot,
  useBalances,
  useSpotOrder,
  useSpotOrders,
  PAGE_SIZE,
  type OrderFilter,
} from './queries.ts';

function pairsByCode(list: readonly SpotPair[] | undefined) {
  return new Map((list ?? []).map((p) => [p.code, p]));
}

/** One order's figures; `actions` are its buttons (cancel, details). */
function OrderRow({
  order,
  pair,
  testId,
  actions,
  children,
}: {
  order: SpotOrder;
  pair: SpotPair | undefined;
  testId: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('spot');
  const reasonText = useReasonText();
  const reason = order.status === 'waiting' ? undefined : reasonText(order);
  const base = pair?.base ?? '';
  const quote = pair?.quote ?? '';
  return (
    <li
      className="spot-order"
      data-testid={testId}
      data-id={order.id}
      data-status={order.status}
      data-side={order.side}
      data-type={order.type}
      data-price={order.price ?? ''}
      data-qty={order.qty}
      data-filled={order.filled}
    >
      <div className="spot-order-head">
        <span className="spot-order-title">
          <SideBadge side={order.side} />
          <strong>{order.symbol}</strong>
          <span className="muted">
            {t(`type.${order.type}`)}
            {order.type === 'limit' && ` · ${t(`tifShort.${order.tif}`)}`}
          </span>
        </span>
        <span className="spot-order-status">
          <OrderStatus status={order.status} />
          <span className="muted">{formatTime(order.createdAt)}</span>
        </span>
      </div>
      <dl className="spot-order-figures">
        <Figure
          label={t(order.type === 'market' ? 'orders.protection' : 'orders.price')}
          testId="order-price"
          value={order.price}
        >
          <Price value={order.price} asset={quote} />
        </Figure>
        <Figure label={t('orders.filled')} testId="order-filled" value={order.filled}>
          <Amount value={order.filled} /> / <Amount value={order.qty} asset={base} />
        </Figure>
        <Figure label={t('orders.avg')} testId="order-avg" value={order.avgPrice}>
          <Price value={order.avgPrice} asset={quote} />
        </Figure>
        <Figure label={t('orders.turnover')} testId="order-turnover" value={order.turnover}>
          <Amount value={order.turnover} asset={quote} />
        </Figure>
        <Figure label={t('orders.fee')} testId="order-fee" value={order.fee}>
          <Amount value={order.fee} asset={order.feeAsset} />
        </Figure>
        {order.status === 'waiting' && (
          <Figure label={t('orders.held')} testId="order-held" value={order.held}>
            <Amount value={order.held} asset={order.heldAsset} />
          </Figure>
        )}
      </dl>
      {reason !== undefined && (
        <p className="muted spot-order-reason" data-testid="order-reason">
          {reason}
        </p>
      )}
      {actions !== undefined && <div className="spot-order-actions">{actions}</div>}
      {children}
    </li>
  );
}

function CancelOrder({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spot');
  const queryClient = useQueryClient();
  const form = useFormError();
  return (
    <>
      <FormErrorAlert form={form} fields={[]} />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={form.busy}
        data-testid="cancel-order"
        onClick={() =>
          void form.submit(async () => {
            await call('chedan', { body: { id: order.id } });
            await refreshSpot(queryClient);
          })
        }
      >
        {t('orders.cancel')}
        <span className="visually-hidden">{` ${t('orders.orderId', { id: order.id })}`}</span>
      </button>
    </>
  );
}

/** An ended order's fills: price, size, turnover, fee, maker or taker, and who was on the other side. */
function OrderFills({ id, pair }: { id: number; pair: SpotPair | undefined }) {
  const { t } = useTranslation('spot');
  const detail = useSpotOrder(id);
  if (detail.isPending) return <Spinner />;
  if (detail.isError) return <p className="alert alert-error">{errorMessage(t, detail.error)}</p>;
  const { fills, feeAsset } = detail.data;
  if (fills.length === 0) {
    return (
      <p className="muted" data-testid="order-fills" data-count={0}>
        {t('fills.none')}
      </p>
    );
  }
  return (
    <div className="table-scroll">
      <table className="spot-table spot-fills" data-testid="order-fills" data-count={fills.length}>
        <caption className="visually-hidden">{t('fills.caption', { id })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('fills.time')}</th>
            <th scope="col" className="num-col">
              {t('book.price', { quote: pair?.quote ?? '' })}
            </th>
            <th scope="col" className="num-col">
              {t('book.qty', { base: pair?.base ?? '' })}
            </th>
            <th scope="col" className="num-col">
              {t('orders.turnover')}
            </th>
            <th scope="col" className="num-col">
              {t('orders.fee')}
            </th>
            <th scope="col">{t('fills.role')}</th>
          </tr>
        </thead>
        <tbody>
          {fills.map((fill) => (
            <tr key={fill.id} data-testid="fill-row" data-role={fill.role}>
              <td className="muted">{formatTime(fill.at)}</td>
              <td className="num-col">
                <Price value={fill.price} />
              </td>
              <td className="num-col">
                <Amount value={fill.qty} />
              </td>
              <td className="num-col">
                <Amount value={fill.turnover} />
              </td>
              <td className="num-col">
                <Amount value={fill.fee} asset={feeAsset} />
              </td>
              <td>
                {t(`fills.${fill.role}`)} {fill.counterpartyPlatform && <PlatformMark />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryRow({ order, pair }: { order: SpotOrder; pair: SpotPair | undefined }) {
  const { t } = useTranslation('spot');
  const [open, setOpen] = useState(false);
  const fillsId = useId();
  return (
    <OrderRow
      order={order}
      pair={pair}
      testId="history-order"
      actions={
        <button
          type="button"
          className="btn btn-ghost btn-small"
          aria-expanded={open}
          aria-controls={fillsId}
          data-testid="order-details"
          onClick={() => setOpen((o) => !o)}
        >
          {t(open ? 'orders.hideFills' : 'orders.showFills')}
        </button>
      }
    >
      <div id={fillsId} hidden={!open}>
        {open && <OrderFills id={order.id} pair={pair} />}
      </div>
    </OrderRow>
  );
}

/** The person's open (`current`) or ended orders, of one pair (`code`) or all pairs. */
export function OrderList({ filter, code }: { filter: OrderFilter; code: string | undefined }) {
  const { t } = useTranslation('spot');
  const [page, setPage] = useState(1);
  const orders = useSpotOrders(filter, code, page);
  const pairs = pairsByCode(useSpotPairs().data?.list);
  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <p className="alert alert-error">{errorMessage(t, orders.error)}</p>;
  const { list, total } = orders.data;
  if (list.length === 0) {
    return (
      <p className="muted spot-empty" data-testid={`${filter}-empty`}>
        {t(filter === 'current' ? 'orders.noOpen' : 'orders.noHistory')}
      </p>
    );
  }
  return (
    <>
      <ul className="spot-orders" data-testid={`orders-${filter}`}>
        {list.map((order) =>
          filter === 'current' ? (
            <OrderRow
              key={order.id}
              order={order}
              pair={pairs.get(order.code)}
              testId="open-order"
              actions={<CancelOrder order={order} />}
            />
          ) : (
            <HistoryRow key={order.id} order={order} pair={pairs.get(order.code)} />
          ),
        )}
      </ul>
      {
        <Pager
          page={page}
          size={PAGE_SIZE[filter]}
          total={total}
          onPage={setPage}
          className="spot-pager"
          labels={{
            label: t('pager.label'),
            previous: t('pager.previous'),
            next: t('pager.next'),
            status: (pages) => t('pager.page', { page, pages }),
          }}
        />
      }
    </>
  );
}

/** The pair's two coins in the person's book: available, held by orders, and their value. */
function Holdings({ pair }: { pair: SpotPair }) {
  const { t } = useTranslation('spot');
  const balances = useBalances();
  if (balances.isPending) return <Spinner />;
  if (balances.isError)
    return <p className="alert alert-error">{errorMessage(t, balances.error)}</p>;
  const coins = [pair.base, pair.quote];
  return (
    <>
      <div className="table-scroll">
        <table className="spot-table spot-holdings" data-testid="spot-holdings">
          <caption className="visually-hidden">
            {t('holdings.caption', { symbol: pair.symbol })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('holdings.coin')}</th>
              <th scope="col" className="num-col">
                {t('holdings.available')}
              </th>
              <th scope="col" className="num-col">
                {t('holdings.held')}
              </th>
              <th scope="col" className="num-col">
                {t('holdings.total')}
              </th>
              <th scope="col" className="num-col">
                {t('holdings.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {coins.map((coin) => {
              const a = balances.data.assets.find((b) => b.asset === coin);
              return (
                <tr
                  key={coin}
                  data-testid={`holding-${coin}`}
                  data-available={a?.available ?? '0'}
                  data-held={a?.frozen ?? '0'}
                >
                  <th scope="row">{coin}</th>
                  <td className="num-col">
                    <Amount value={a?.available ?? '0'} />
                  </td>
                  <td className="num-col">
                    <Amount value={a?.frozen ?? '0'} />
                  </td>
                  <td className="num-col">
                    <Amount value={a?.total ?? '0'} />
                  </td>
                  <td className="num-col">
                    <Amount value={a?.usdtValue ?? null} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="spot-holdings-more">
        <Link to="/profile/balancebb" data-testid="all-coins">
          {t('holdings.all')}
        </Link>
      </p>
    </>
  );
}

type Tab = 'open' | 'history' | 'holdings' | 'market';

/**
 * The person's side of the pair: open orders with cancel, ended orders with their fills, and
 * the pair's coins. On a phone `market` adds the depth chart and the trades as a fourth tab.
 */
export function SpotAccount({ pair, market }: { pair: SpotPair; market?: ReactNode }) {
  const { t } = useTranslation('spot');
  const [tab, setTab] = useState<Tab>('open');
  const [all, setAll] = useState(false);
  const tabs: Tab[] =
    market === undefined
      ? ['open', 'history', 'holdings']
      : ['open', 'history', 'holdings', 'market'];
  const panelId = useId();
  return (
    <section className="card spot-card spot-account" aria-label={t('account.label')}>
      <div className="spot-account-head">
        <div className="tabs spot-account-tabs" role="tablist" aria-label={t('account.label')}>
          {tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              id={`${panelId}-${k}`}
              className="tab"
              aria-selected={tab === k}
              aria-controls={panelId}
              data-testid={`account-tab-${k}`}
              onClick={() => setTab(k)}
            >
              {t(`account.tabs.${k}`)}
            </button>
          ))}
        </div>
        {(tab === 'open' || tab === 'history') && (
          <label className="spot-all">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />{' '}
            {t('account.allPairs')}
          </label>
        )}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-${tab}`}>
        {tab === 'open' && (
          <OrderList
            key={`open-${String(all)}`}
            filter="current"
            code={all ? undefined : pair.code}
          />
        )}
        {tab === 'history' && (
          <OrderList
            key={`history-${String(all)}`}
            filter="history"
            code={all ? undefined : pair.code}
          />
        )}
        {tab === 'holdings' && <Holdings pair={pair} />}
        {tab === 'market' && market}
      </div>
    </section>
  );
}
