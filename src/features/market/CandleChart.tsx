import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type TickMarkFormatter,
  type TickMarkType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { CandleDto } from '../../../contract/market/schemas.ts';
import { subscribe } from '../../api/price-feed.ts';
import { formatDecimal } from '../../lib/format.ts';
import { bucketStart, type Timeframe } from '../../../contract/market/timeframes.ts';

const UP = '#16c784';
const DOWN = '#ea3943';

interface Series {
  bars: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

const toBar = (c: CandleDto) => ({
  time: (c.t / 1000) as UTCTimestamp,
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
});

/** The time axis's label styles by lightweight-charts' TickMarkType (year, month, day, time). */
const TICK_MARKS: readonly Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hour12: false, hour: '2-digit', minute: '2-digit' },
  { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
];

/**
 * The time axis's labels as the chart writes them (its times are UTC), from one formatter per
 * style: the chart's own made a formatter for every label, a long task on a phone.
 */
function tickMarks(): TickMarkFormatter {
  const formats = new Map<TickMarkType, Intl.DateTimeFormat>();
  return (time, type, locale) => {
    if (typeof time !== 'number') return null;
    let format = formats.get(type);
    if (format === undefined) {
      format = new Intl.DateTimeFormat(locale, { ...TICK_MARKS[type], timeZone: 'UTC' });
      formats.set(type, format);
    }
    return format.format(time * 1000);
  };
}

/**
 * Candles and volume for one instrument, kept live by the instrument's tick channel. Loaded
 * lazily with the detail page. Prices become numbers here only to be drawn.
 */
export default function CandleChart({
  code,
  precision,
  timeframe,
  candles,
}: {
  code: string;
  /** Decimals of the instrument's price, so the axis shows 1.16342, not 1.16. */
  precision: number;
  timeframe: Timeframe;
  candles: readonly CandleDto[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<Series | null>(null);

  useEffect(() => {
    if (container.current === null) return;
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#8a93a8' },
      grid: { vertLines: { color: '#1a2030' }, horzLines: { color: '#1a2030' } },
      // Candles keep the upper part of the pane; volume has the band below them.
      rightPriceScale: { borderColor: '#2a3246', scaleMargins: { top: 0.08, bottom: 0.28 } },
      timeScale: {
        borderColor: '#2a3246',
        timeVisible: true,
        secondsVisible: false,
        // Fixed edges make the chart pull the first and last time labels inside the pane; on a
        // 390 px phone the first one was cut in half at the left edge.
        fixLeftEdge: true,
        fixRightEdge: true,
        tickMarkFormatter: tickMarks(),
      },
    });
    const bars = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    // Volume on its own hidden overlay scale: its last value was labelled on the price axis
    // ("2.24" among the prices), as if it were a price.
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: 'volume',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    chartRef.current = chart;
    seriesRef.current = { bars, volume };
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    const series = seriesRef.current;
    if (series === null) return;
    let unsubscribe: (() => void) | undefined;
    // The data is drawn in a task of its own: with the chart's making in the same one, it was
    // one long task on a phone, blocking input while the page loaded.
    const timer = setTimeout(() => {
      const chart = chartRef.current;
      if (chart !== null)
        unsubscribe = draw(chart, series, { code, precision, timeframe, candles });
    }, 0);
    return () => {
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [candles, code, precision, timeframe]);

  return <div ref={container} className="candle-chart" data-testid="candle-chart" />;
}

/** Draws the candles, then keeps them live with the instrument's ticks: answers how to stop. */
function draw(
  chart: IChartApi,
  series: Series,
  {
    code,
    precision,
    timeframe,
    candles,
  }: { code: string; precision: number; timeframe: Timeframe; candles: readonly CandleDto[] },
): () => void {
  series.bars.applyOptions({
    priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
  });
  // The axis groups thousands as every other figure does ("115,000.00", not "115000.00").
  chart.applyOptions({
    localization: { priceFormatter: (price: number) => formatDecimal(price.toFixed(precision)) },
  });
  series.bars.setData(candles.map(toBar));
  series.volume.setData(
    candles.map((c) => ({
      time: (c.t / 1000) as UTCTimestamp,
      value: Number(c.v),
      color: Number(c.c) >= Number(c.o) ? `${UP}66` : `${DOWN}66`,
    })),
  );
  chart.timeScale().fitContent();
  const lastCandle = candles.at(-1);
  let bar = lastCandle === undefined ? undefined : toBar(lastCandle);
  let volume = lastCandle === undefined ? 0 : Number(lastCandle.v);
  // Every tick moves the candle in progress, or opens the next one when its bucket turns.
  return subscribe('market.ticks', code, (ticks) => {
    for (const tick of ticks) {
      const price = Number(tick.price);
      const time = (bucketStart(timeframe, tick.ts) / 1000) as UTCTimestamp;
      if (bar !== undefined && time < bar.time) continue;
      if (bar !== undefined && bar.time === time) {
        bar = {
          ...bar,
          high: Math.max(bar.high, price),
          low: Math.min(bar.low, price),
          close: price,
        };
        volume += Number(tick.volume);
      } else {
        bar = { time, open: price, high: price, low: price, close: price };
        volume = Number(tick.volume);
      }
      series.bars.update(bar);
      series.volume.update({
        time,
        value: volume,
        color: bar.close >= bar.open ? `${UP}66` : `${DOWN}66`,
      });
    }
  });
}
