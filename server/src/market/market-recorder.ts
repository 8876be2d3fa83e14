import type { Database, Queryable } from '../platform/db/database.ts';
import type { Candle, Timeframe } from './candles.ts';
import type { Tick } from './types.ts';

/** How long history is kept (docs/markets.md). Daily, weekly and monthly candles stay. */
export const RETENTION_DAYS: Readonly<Record<Timeframe | 'ticks', number | null>> = {
  ticks: 2,
  '1m': 2,
  '5m': 7,
  '15m': 14,
  '30m': 30,
  '1h': 90,
  '4h': 365,
  '1d': null,
  '1w': null,
  '1M': null,
};

/** Rows per INSERT: large enough to be fast, small enough for PostgreSQL's parameter limit. */
const BATCH = 500;

export interface CandleRow {
  instrumentId: number;
  timeframe: Timeframe;
  candle: Candle;
}

async function insertTicks(
  tx: Queryable,
  rows: ReadonlyArray<{ instrumentId: number; tick: Tick }>,
  source: string,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const values = chunk.map(
      (_, j) => `($${j * 5 + 1}, $${j * 5 + 2}, $${j * 5 + 3}, $${j * 5 + 4}, $${j * 5 + 5})`,
    );
    await tx.query(
      `insert into market_ticks (instrument_id, price, volume, ts, source) values ${values.join(', ')}`,
      chunk.flatMap((r) => [
        r.instrumentId,
        r.tick.price,
        r.tick.volume,
        new Date(r.tick.ts),
        source,
      ]),
    );
  }
}

export async function upsertCandles(tx: Queryable, rows: readonly CandleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    const values = chunk.map((_, j) => {
      const b = j * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
    });
    await tx.query(
      `insert into candles (instrument_id, timeframe, open_time, open, high, low, close, volume)
       values ${values.join(', ')}
       on conflict (instrument_id, timeframe, open_time) do update set
         high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`,
      chunk.flatMap((r) => [
        r.instrumentId,
        r.timeframe,
        new Date(r.candle.openTime),
        r.candle.open,
        r.candle.high,
        r.candle.low,
        r.candle.close,
        r.candle.volume,
      ]),
    );
  }
}

/** Writes ticks and candle changes in one transaction: both are recorded, or neither. */
export async function record(
  db: Database,
  ticks: ReadonlyArray<{ instrumentId: number; tick: Tick }>,
  candles: readonly CandleRow[],
  source: string,
): Promise<void> {
  if (ticks.length === 0 && candles.length === 0) return;
  await db.transaction(async (tx) => {
    await insertTicks(tx, ticks, source);
    await upsertCandles(tx, candles);
  });
}

/** Deletes history past its retention. */
export async function sweep(db: Database): Promise<void> {
  const ticksDays = RETENTION_DAYS.ticks ?? 0;
  await db.query(`delete from market_ticks where ts < now() - make_interval(days => $1)`, [
    ticksDays,
  ]);
  for (const [tf, days] of Object.entries(RETENTION_DAYS)) {
    if (tf === 'ticks' || days === null) continue;
    await db.query(
      `delete from candles where timeframe = $1 and open_time < now() - make_interval(days => $2)`,
      [tf, days],
    );
  }
}

/** A candle as read back with `open_time, open::text, high::text, …` columns. */
export interface CandleDbRow {
  open_time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export const CANDLE_COLUMNS =
  'open_time, open::text, high::text, low::text, close::text, volume::text';

export function candleOf(r: CandleDbRow): Candle {
  return {
    openTime: r.open_time.getTime(),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  };
}
