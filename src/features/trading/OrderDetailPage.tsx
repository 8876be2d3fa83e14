import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { OptionOrder, UOrder } from '../../../contract/trading/schemas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDateTime, formatTickTime } from '../../lib/time.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { recomputeContract, recomputeOption, type Check } from './figures.ts';
import { BookBadge, OrderStatus, ProfitAmount, usePeriodLabel } from './parts.tsx';
import { useOptionOrder, useTradingNudges, useUOrder } from './queries.ts';
import './trading.css';

type Tick = NonNullable<UOrder['openTick']>;

/** A stored tick: the feed's mid price and the instant it was recorded. */
function TickLine({ label, tick, testId }: { label: string; tick: Tick | null; testId: string }) {
  const { t } = useTranslation('trading');
  return (
    <div>
      <dt>{label}</dt>
      <dd
        data-testid={testId}
        data-price={tick?.price ?? ''}
        data-ts={tick === null ? '' : String(tick.ts)}
      >
        {tick === null ? (
          '—'
        ) : (
          <>
            <Price value={tick.price} /> <span className="muted">{t('detail.mid')}</span> ·{' '}
            <time className="num" dateTime={new Date(tick.ts).toISOString()}>
              {formatTickTime(tick.ts)}
            </time>
          </>
        )}
      </dd>
    </div>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** "Recompute this result": each formula with the order's numbers, and whether it matches. */
function Recompute({ checks, note }: { checks: Check[]; note: string }) {
  const { t } = useTranslation('trading');
  if (checks.length === 0) return null;
  const all = checks.every((c) => c.matches);
  return (
    <section className="card" data-testid="recompute" data-matches={String(all)}>
      <h2 className="section-title">{t('recompute.title')}</h2>
      <p className="muted">{note}</p>
      <ul className="trade-checks">
        {checks.map((c) => (
          <li
            key={c.what}
            className="trade-check"
            data-testid="recompute-row"
            data-what={c.what}
            data-matches={String(c.matches)}
          >
            <span className="trade-check-what">{t(`recompute.${c.what}`)}</span>
            <code className="trade-check-formula" dir="ltr">
              {c.formula} = {c.what === 'outcome' ? t(`status.${c.computed}`) : c.computed}
            </code>
            <span className="muted">
              {t('recompute.stored')}{' '}
              <span className="num">
                {c.stored === null
                  ? '—'
                  : c.what === 'outcome'
                    ? t(`status.${c.stored}`)
                    : c.stored}
              </span>
            </span>
            <span className={c.matches ? 'up' : 'down'}>
              {t(c.matches ? 'recompute.match' : 'recompute.mismatch')}
            </span>
          </li>
        ))}
      </ul>
      <p className={`trade-verdict ${all ? 'up' : 'down'}`} data-testid="recompute-verdict">
        {t(all ? 'recompute.allMatch' : 'recompute.notAll')}
      </p>
    </section>
  );
}

function ContractDetail({ o }: { o: UOrder }) {
  const { t } = useTranslation('trading');
  return (
    <>
      <section className="card" data-testid="order-detail" data-status={o.status}>
        <div className="trade-orders-head">
          <h1 className="page-title">
            {o.code} · {t(`contract.side.${o.side}`)} #{o.id}
          </h1>
          <OrderStatus status={o.status} />
        </div>
        <dl className="trade-summary trade-detail">
          <Row label={t('contract.type')}>{t(`contract.types.${o.type}`)}</Row>
          <Row label={t('contract.lots')}>
            <span className="num">
              {o.lots} × {o.contractSize}
            </span>{' '}
            · {t('contract.leverageValue', { value: o.leverage })}
          </Row>
          {o.limitPrice !== null && (
            <Row label={t('contract.limitPrice')}>
              <Price value={o.limitPrice} />
            </Row>
          )}
          <Row label={t('orders.openPrice')} testId="detail-open-price">
            <Price value={o.openPrice} />
          </Row>
          <TickLine label={t('detail.openTick')} tick={o.openTick} testId="tick-open" />
          <Row label={t('orders.closePrice')} testId="detail-close-price">
            <Price value={o.closePrice} />
          </Row>
          <TickLine label={t('detail.closeTick')} tick={o.closeTick} testId="tick-close" />
          <Row label={t('contract.stopLoss')}>
            <Price value={o.stopLoss} />
          </Row>
          <Row label={t('contract.takeProfit')}>
            <Price value={o.takeProfit} />
          </Row>
          <Row label={t('orders.liquidation')}>
            <Price value={o.liquidationPrice} />
          </Row>
          <Row label={t('contract.margin')}>
            <Amount value={o.margin} asset="USDT" />
          </Row>
          <Row label={t('contract.fee', { rate: o.feeRate })}>
            <Amount value={o.fee} asset="USDT" />
          </Row>
          <Row label={t('orders.profit')} testId="detail-profit">
            <ProfitAmount value={o.profit} />
          </Row>
          {o.closeReason !== null && (
            <Row label={t('detail.reason')} testId="detail-reason">
              {t(`reason.${o.closeReason}`)}
            </Row>
          )}
          <Row label={t('detail.created')}>{formatDateTime(o.createdAt)}</Row>
          <Row label={t('detail.opened')}>{formatDateTime(o.openedAt)}</Row>
          <Row label={t('detail.closed')}>{formatDateTime(o.closedAt)}</Row>
        </dl>
      </section>
      <Recompute
        checks={recomputeContract(o)}
        note={t(o.side === 'long' ? 'recompute.contractNoteLong' : 'recompute.contractNoteShort')}
      />
    </>
  );
}

function OptionDetail({ o }: { o: OptionOrder }) {
  const { t } = useTranslation('trading');
  const periodLabel = usePeriodLabel();
  const state = o.outcome ?? (o.status === 'open' ? 'running' : o.status);
  return (
    <>
      <section className="card" data-testid="order-detail" data-status={o.status}>
        <div className="trade-orders-head">
          <h1 className="page-title">
            {o.code} · {t(`option.direction.${o.direction}`)} #{o.id}
          </h1>
          <OrderStatus status={state} />
        </div>
        <dl className="trade-summary trade-detail">
          <Row label={t('option.period')}>{periodLabel(o.seconds)}</Row>
          <Row label={t('option.amount')}>
            <Amount value={o.amount} asset="USDT" />
          </Row>
          <Row label={t('option.payoutRate')}>
            <span className="num">{o.payout}</span>
          </Row>
          <Row label={t('orders.openPrice')}>
            <Price value={o.openPrice} />
          </Row>
          <TickLine label={t('detail.openTick')} tick={o.openTick} testId="tick-open" />
          <Row label={t('detail.expires')}>{formatDateTime(o.expiresAt)}</Row>
          <Row label={t('orders.settlePrice')}>
            <Price value={o.settlePrice} />
          </Row>
          <TickLine label={t('detail.settleTick')} tick={o.settleTick} testId="tick-settle" />
          <Row label={t('option.paid')} testId="detail-paid">
            <Amount value={o.paid} asset="USDT" />
          </Row>
        </dl>
      </section>
      <Recompute checks={recomputeOption(o)} note={t('recompute.optionNote')} />
    </>
  );
}

function ContractById({ id }: { id: number }) {
  const { t } = useTranslation('trading');
  const order = useUOrder(id);
  if (order.isError) return <EmptyState icon="doc" title={errorMessage(t, order.error)} />;
  if (order.data === undefined) return <Spinner />;
  return <ContractDetail o={order.data} />;
}

function OptionById({ id }: { id: number }) {
  const { t } = useTranslation('trading');
  const order = useOptionOrder(id);
  if (order.isError) return <EmptyState icon="doc" title={errorMessage(t, order.error)} />;
  if (order.data === undefined) return <Spinner />;
  return <OptionDetail o={order.data} />;
}

/** /profile/orders/contract/:id and /profile/orders/option/:id: one order, replayable. */
export default function OrderDetailPage() {
  const { t } = useTranslation('trading');
  useTradingNudges();
  const params = useParams();
  const id = Number(params.id);
  const kind = params.kind;
  return (
    <div className="page page-narrow trade-orders">
      <div className="trade-orders-head">
        <Link
          to={`/profile/orders?tab=${kind === 'option' ? 'options' : 'history'}`}
          className="muted"
        >
          {t('detail.back')}
        </Link>
        <BookBadge />
      </div>
      {kind === 'contract' ? (
        <ContractById id={id} />
      ) : kind === 'option' ? (
        <OptionById id={id} />
      ) : (
        <EmptyState icon="doc" title={t('errors:10101')} />
      )}
    </div>
  );
}
