import { useEffect, useRef } from 'react';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { CandleDto } from '../../../contract/market.ts';
import { onPriceUpdates } from '../../api/price-feed.ts';
import { bucketStart, type Timeframe } from '../../../contract/timeframes.ts';

const UP = '#16c784';
const DOWN = '#ea3943';

const toBar = (c: CandleDto) => ({
  time: (c.t / 1000) as UTCTimestamp,
  open: Number(c.o),
  high: Number(c.h),
  low: Number(c.l),
  close: Number(c.c),
});

/**
 * Candles and volume for one instrument; live prices from the feed move the last candle, or
 * open a new one when the timeframe's bucket turns. Loaded lazily with the detail page.
 */
export default function CandleChart({
  code,
  timeframe,
  candles,
}: {
  code: string;
  timeframe: Timeframe;
  candles: readonly CandleDto[];
}) {
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<{
    bars: ISeriesApi<'Candlestick'>;
    volume: ISeriesApi<'Histogram'>;
  } | null>(null);

  useEffect(() => {
    if (container.current === null) return;
    const chart = createChart(container.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#8a93a8' },
      grid: { vertLines: { color: '#1a2030' }, horzLines: { color: '#1a2030' } },
      rightPriceScale: { borderColor: '#2a3246' },
      timeScale: { borderColor: '#2a3246', timeVisible: true, secondsVisible: false },
    });
    const bars = chart.addSeries(CandlestickSeries, {
      upColor: UP,
      downColor: DOWN,
      borderVisible: false,
      wickUpColor: UP,
      wickDownColor: DOWN,
    });
    const volume = chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
    });
    volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
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
    series.bars.setData(candles.map(toBar));
    series.volume.setData(
      candles.map((c) => ({
        time: (c.t / 1000) as UTCTimestamp,
        value: Number(c.v),
        color: Number(c.c) >= Number(c.o) ? `${UP}66` : `${DOWN}66`,
      })),
    );
    chartRef.current?.timeScale().fitContent();
    let last = candles.at(-1) === undefined ? undefined : toBar(candles.at(-1) as CandleDto);
    return onPriceUpdates((updates) => {
      const u = updates.find((x) => x.code === code);
      if (u === undefined) return;
      const price = Number(u.price);
      const time = (bucketStart(timeframe, u.ts) / 1000) as UTCTimestamp;
      last =
        last !== undefined && last.time === time
          ? {
              ...last,
              high: Math.max(last.high, price),
              low: Math.min(last.low, price),
              close: price,
            }
          : { time, open: price, high: price, low: price, close: price };
      series.bars.update(last);
    });
  }, [candles, code, timeframe]);

  return <div ref={container} className="candle-chart" data-testid="candle-chart" />;
}
