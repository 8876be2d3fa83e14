import { memo, Suspense, useMemo, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Timeframe } from '../../../contract/market/timeframes.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDecimal } from '../../lib/format.ts';
import { layout } from '../../lib/layout.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { FeedStatusBadge } from './FeedStatusBadge.tsx';
import { changeClass, formatChange, formatVolume } from './format.ts';
import { MarketLogo } from './MarketLogo.tsx';
import { useCandles, useMarketInfo } from './queries.ts';
import { TIMEFRAME_CHOICES } from './timeframes.ts';

const CandleChart = lazyPart(() => import('./CandleChart.tsx'));

/**
 * How many candles the chart shows. A phone's 390 px show 120 (30 hours of 15-minute candles)
 * readably; 300 drew a pixel each, and drawing them was a long task on a phone's CPU.
 */
const CANDLES = layout === 'mobile' ? 120 : 300;

/**
 * What the page shows to trade the instrument (beside the chart on a wide screen) and, under
 * the chart, the person's own orders on it: given by src/app, which composes features (this one
 * imports no other), so the market screens stay free of trading code.
 */
export type TradeSlot = (instrument: { id: number; code: string; type: number }) => ReactNode;

/**
 * The chart with its timeframes. Memoised: every price tick re-renders the page around it (the
 * last price), and the chart follows the ticks by itself.
 */
const ChartCard = memo(function ChartCard({
  code,
  precision,
}: {
  code: string;
  precision: number;
}) {
  const { t } = useTranslation('markets');
  const [timeframe, setTimeframe] = useState<Timeframe>('15m');
  const candles = useCandles(code, timeframe, CANDLES);
  return (
    <section className="card detail-chart-card">
      <div className="timeframes" role="tablist" aria-label={t('detail.timeframe')}>
        {TIMEFRAME_CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            role="tab"
            className="timeframe"
            aria-selected={timeframe === c.value}
            data-timeframe={c.value}
            onClick={() => setTimeframe(c.value)}
          >
            {t(`units.${c.unit}`, { count: c.count })}
          </button>
        ))}
      </div>
      {/* The chart's height is held while it loads, so the actions below do not jump. */}
      <div className="candle-chart-slot">
        {candles.isError ? (
          <EmptyState icon="market" title={errorMessage(t, candles.error)} level={2} />
        ) : candles.data === undefined ? (
          <Spinner />
        ) : candles.data.length === 0 ? (
          <EmptyState icon="market" title={t('detail.noCandles')} level={2} />
        ) : (
          <Suspense fallback={<Spinner />}>
            <CandleChart
              code={code}
              precision={precision}
              timeframe={timeframe}
              candles={candles.data}
            />
          </Suspense>
        )}
      </div>
    </section>
  );
});

/**
 * SPEC §2 /cruuency?code=&type=&id=: one market with its chart, the trade panel beside it and
 * the person's orders under it, when given.
 */
export default function MarketDetailPage({
  trade,
  activity,
}: {
  trade?: TradeSlot;
  activity?: TradeSlot;
}) {
  const { t } = useTranslation('markets');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const info = useMarketInfo(id);
  const code = info.data?.code ?? '';
  const instrumentId = info.data?.id;
  const type = info.data?.type ?? 0;
  // The same elements while the instrument is: every price tick re-renders this page, and the
  // trade panel and order lists need not re-render with it.
  const instrument = useMemo(
    () => (instrumentId === undefined ? undefined : { id: instrumentId, code, type }),
    [instrumentId, code, type],
  );
  const tradeSlot = useMemo(
    () => (instrument === undefined ? null : trade?.(instrument)),
    [trade, instrument],
  );
  const activitySlot = useMemo(
    () => (instrument === undefined ? null : activity?.(instrument)),
    [activity, instrument],
  );

  if (info.isError) return <EmptyState icon="market" title={errorMessage(t, info.error)} />;
  if (info.data === undefined) return <Spinner />;
  const m = info.data;
  const stat = (label: string, value: string) => (
    <div className="detail-stat">
      <span className="muted">{label}</span>
      <span className="num">{value}</span>
    </div>
  );

  return (
    <div className="page detail-page">
      <div className="detail-main">
        <header className="detail-header">
          <MarketLogo item={m} size={40} />
          <div>
            <h1 className="detail-code">{m.code}</h1>
            <span className="muted">{m.appName}</span>
          </div>
          <FeedStatusBadge simulated={m.simulated} />
        </header>
        <section className="card detail-summary">
          <div className="detail-price">
            <span className="num detail-last" data-testid="last-price">
              {formatDecimal(m.price)}
            </span>
            <span className={`num ${changeClass(m.zdf)}`}>{formatChange(m.zdf)}</span>
            {!m.open && <span className="badge market-closed">{t('market:table.closed')}</span>}
          </div>
          <div className="detail-stats">
            {stat(t('detail.high'), formatDecimal(m.high24h))}
            {stat(t('detail.low'), formatDecimal(m.low24h))}
            {stat(t('detail.volume', { base: m.base }), formatVolume(m.volume24h))}
          </div>
        </section>
        <ChartCard code={m.code} precision={m.precision} />
        <Suspense fallback={null}>{activitySlot}</Suspense>
      </div>
      <aside className="detail-side" aria-label={t('detail.trade', { code: m.code })}>
        <Suspense fallback={<Spinner />}>{tradeSlot}</Suspense>
      </aside>
    </div>
  );
}
