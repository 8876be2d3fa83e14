import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { onUserEvent } from '../../api/user-events.ts';
import { formatDecimal } from '../../lib/format.ts';
import { Toasts, type Toast } from '../../ui/Toasts.tsx';
import { ProfitAmount } from './parts.tsx';

/** A close older than this is history, not news (a nudge replayed after a reconnect). */
const FRESH_MS = 2 * 60_000;
/** At most this many messages at once: the oldest gives way. */
const SHOWN_MAX = 4;

type Closed = UOrder & { closeReason: 'take_profit' | 'stop_loss' | 'liquidation' };

/** Closed by the platform (a trigger), not by the person: that is what they may not have seen. */
function closedByTrigger(o: UOrder, now: number): o is Closed {
  return (
    o.status === 'closed' &&
    o.closeReason !== null &&
    o.closeReason !== 'manual' &&
    o.closedAt !== null &&
    now - Date.parse(o.closedAt) < FRESH_MS
  );
}

function CloseMessage({ order }: { order: Closed }) {
  const { t } = useTranslation('trading');
  return (
    <>
      <p>
        <strong>{t(`reason.${order.closeReason}`)}</strong>
      </p>
      <p>
        {t('notice.closed', {
          code: order.code,
          side: t(`contract.side.${order.side}`),
          id: order.id,
          price: formatDecimal(order.closePrice),
        })}
      </p>
      <p data-testid="notice-profit" data-value={order.profit ?? ''}>
        {t('notice.result')} <ProfitAmount value={order.profit} />{' '}
        <Link to={`/profile/orders/contract/${order.id}`} className="link">
          {t('orders.detail')}
        </Link>
      </p>
    </>
  );
}

/**
 * In the shell, on any screen of a signed-in person: when a take profit, a stop loss or a
 * liquidation closes one of their positions, what closed, why, at what price and for how much.
 * The user channel's nudge names the order; its figures come from the API.
 */
export default function CloseNotices() {
  const { t } = useTranslation('trading');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: string) => {
    setToasts((list) => list.filter((x) => x.id !== id));
  }, []);
  useEffect(() => {
    const announced = new Set<string>();
    return onUserEvent((event) => {
      if (event.topic !== 'positions' || announced.has(event.id)) return;
      const id = Number(event.id);
      if (!Number.isSafeInteger(id)) return;
      // Another book's order answers "not found": nothing to tell on this screen.
      call('getUOrderById', { params: { id } }).then(
        (order) => {
          if (!closedByTrigger(order, Date.now()) || announced.has(event.id)) return;
          announced.add(event.id);
          const tone = order.profit?.startsWith('-') === true ? 'error' : 'success';
          const toast: Toast = { id: event.id, tone, body: <CloseMessage order={order} /> };
          setToasts((list) => [toast, ...list].slice(0, SHOWN_MAX));
        },
        () => undefined,
      );
    });
  }, []);
  return <Toasts toasts={toasts} onDismiss={dismiss} label={t('notice.label')} />;
}
