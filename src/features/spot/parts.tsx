import { useTranslation } from 'react-i18next';
import { compareDecimal, netOf } from '../../../contract/spot/figures.ts';
import type { SpotOrder } from '../../../contract/spot/schemas.ts';
import { formatDecimal } from '../../lib/format.ts';
import { BookBadge } from '../../ui/BookBadge.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useSpotOrder } from './queries.ts';

/** The ledger book (demo or real) every figure on the page belongs to. */
export function LedgerBadge() {
  const { t } = useTranslation('spot');
  return <BookBadge testId="spot-ledger" label={(book) => t(`ledger.${book}`)} />;
}

export function OrderStatus({ status }: { status: SpotOrder['status'] }) {
  const { t } = useTranslation('spot');
  return (
    <StatusBadge
      status={status}
      label={t(`status.${status}`)}
      className={`spot-status-${status}`}
    />
  );
}

export function SideBadge({ side }: { side: SpotOrder['side'] }) {
  const { t } = useTranslation('spot');
  return (
    <span className={`badge spot-side-${side}`} data-side={side}>
      {t(`side.${side}`)}
    </span>
  );
}

/** Why an order ended as it did, or undefined when there is nothing to explain. */
const REASONS = [
  'would_take',
  'unfilled',
  'fills_limit',
  'self_trade',
  'cancelled',
  'requote',
  'protection',
] as const;

export function useReasonText(): (order: Pick<SpotOrder, 'reason' | 'type'>) => string | undefined {
  const { t } = useTranslation('spot');
  return ({ reason, type }) => {
    if (reason === null) return undefined;
    if (reason === 'unfilled' && type === 'market') return t('reason.unfilledMarket');
    return t(`reason.${(REASONS as readonly string[]).includes(reason) ? reason : 'other'}`);
  };
}

/**
 * What a fill brought, after its fee: a buy receives the coin less the fee taken from it, a
 * sell the quote coin less its fee (docs/spot.md: fees come off what is received).
 */
function Settled({ order, base, quote }: { order: SpotOrder; base: string; quote: string }) {
  const { t } = useTranslation('spot');
  const gross = order.side === 'buy' ? order.filled : order.turnover;
  const asset = order.side === 'buy' ? base : quote;
  return (
    <p data-testid="result-settled" data-fee={order.fee} data-received={netOf(gross, order.fee)}>
      {t('result.settled', {
        fee: order.fee,
        feeAsset: order.feeAsset,
        received: netOf(gross, order.fee),
        asset,
      })}
    </p>
  );
}

/** The answer to a submitted order: its status, what filled and at what average, and why. */
export function OrderResult({
  order,
  base,
  quote,
}: {
  order: SpotOrder;
  base: string;
  quote: string;
}) {
  const { t } = useTranslation('spot');
  const reasonText = useReasonText();
  // The order as it is now (refetched on each nudge of the user channel), not as it was answered:
  // a line saying "waiting" beside a book that filled it would be stale.
  const live = useSpotOrder(order.id).data;
  order = live ?? order;
  const reason = reasonText(order);
  const tone =
    order.status === 'rejected'
      ? 'alert-error'
      : order.status === 'cancelled'
        ? 'alert-info'
        : 'alert-success';
  return (
    <div
      className={`alert ${tone} spot-result`}
      role="status"
      data-testid="spot-result"
      data-status={order.status}
      data-id={order.id}
      data-filled={order.filled}
    >
      <p>
        <strong>{t(`result.title.${order.status}`, { id: order.id })}</strong>
      </p>
      <p>
        {t('result.progress', {
          filled: formatDecimal(order.filled),
          qty: formatDecimal(order.qty),
          base,
        })}
        {order.avgPrice !== null &&
          ` · ${t('result.avg', { price: formatDecimal(order.avgPrice), quote })}`}
      </p>
      {compareDecimal(order.filled, '0') > 0 && <Settled order={order} base={base} quote={quote} />}
      {reason !== undefined && <p>{reason}</p>}
    </div>
  );
}
