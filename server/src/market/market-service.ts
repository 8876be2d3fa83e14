import type { PriceUpdate } from '../../../contract/market/price-feed.ts';
import { BoundedQueue } from '../platform/bounded-queue.ts';
import type { Engine, EngineHost } from '../platform/engine-host.ts';
import type { HomeStats } from '../../../contract/market/schemas.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import type { Database } from '../platform/db/database.ts';
import { backfill } from './backfill.ts';
import type { Candle, Timeframe } from './candles.ts';
import { isDecimal, toUnits } from '../money/decimal.ts';
import { syncInstruments } from './instrument-store.ts';
import {
  CANDLE_COLUMNS,
  candleOf,
  record,
  type CandleDbRow,
  type CandleRow,
} from './market-recorder.ts';
import { InstrumentState, type InstrumentRow } from './market-state.ts';
import type { Simulator } from './simulator.ts';
import { isOpen } from './trading-hours.ts';
import type { FeedSource, InstrumentSpec, Tick } from './types.ts';

/** Home figures the market service counts; the fee comes from the parameters. */
export type HomeFigures = Omit<HomeStats, 'tradingFeeRate'>;

export interface MarketOptions {
  flushMs: number;
  backfillDays: number;
  now?: () => number;
}

/**
 * Ticks accepted but not yet recorded. A flush every second empties it; the cap (about 15 min
 * of a busy feed) is reached only when the database refuses writes for that long, and then the
 * oldest give way, counted in `stats.unrecorded`, rather than memory growing without end.
 */
const MAX_UNRECORDED_TICKS = 200_000;

/**
 * Keeps every instrument's live state from the ticks on the bus, on every node. As an engine
 * of the host, the leader (elected through PostgreSQL when there are several nodes) runs the
 * feed: it validates ticks, records ticks and candles, and publishes the ticks for all nodes.
 */
export class MarketService implements Engine {
  readonly name = 'market-feed';
  private readonly byCode = new Map<string, InstrumentState>();
  private readonly byId = new Map<number, InstrumentState>();
  private readonly pendingTicks = new BoundedQueue<{ instrumentId: number; tick: Tick }>(
    MAX_UNRECORDED_TICKS,
  );
  private dirty = new Map<string, CandleRow>();
  private timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();
  /** Ticks accepted, and refused as invalid or out of order. */
  readonly stats = { ticks: 0, dropped: 0 };
  private readonly now: () => number;
  // Half a minute here and half a minute in the app's refresh: a sign-up shows within a minute.
  private readonly statsCache = new TtlCache<HomeFigures>(30_000, 1);
  private leader = false;
  private unsubscribe: (() => void) | undefined;
  private simulator: Simulator | undefined;
  private readonly lastIngested = new Map<string, number>();
  private readonly priceListeners = new Set<(updates: readonly PriceUpdate[]) => void>();
  private readonly tickListeners = new Set<(ticks: readonly Tick[]) => void>();

  constructor(
    private readonly db: Database,
    private readonly host: EngineHost,
    private readonly feed: FeedSource,
    private readonly options: MarketOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  get simulated(): boolean {
    return this.feed.simulated;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  /** Every tick this node applies, in order (the one-instrument channel listens here). */
  onTicks(listener: (ticks: readonly Tick[]) => void): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /** Price updates as this node applies ticks (the `/message` fan-out listens here). */
  onPrices(listener: (updates: readonly PriceUpdate[]) => void): () => void {
    this.priceListeners.add(listener);
    return () => this.priceListeners.delete(listener);
  }

  /** Ticks let go unrecorded because the database refused writes for too long. */
  get unrecorded(): number {
    return this.pendingTicks.dropped;
  }

  /**
   * Loads instruments and recorded state, listens for ticks, and joins the engine host, which
   * makes this node lead the feed when it is elected (or alone).
   */
  async start(specs: readonly InstrumentSpec[], simulator: Simulator | undefined): Promise<void> {
    this.simulator = simulator;
    const rows = await syncInstruments(this.db, specs);
    for (const row of rows) {
      const state = new InstrumentState(row);
      this.byCode.set(row.code, state);
      this.byId.set(row.id, state);
    }
    await this.loadState();
    this.unsubscribe = this.host.onTicks((ticks) => this.applyTicks(ticks));
    this.host.add(this);
  }

  /** Writes first-start history if there is none, then runs the feed and the recorder. */
  async lead(): Promise<void> {
    this.leader = true;
    const [{ n } = { n: 0 }] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from candles',
    );
    if (n === 0 && this.simulator !== undefined) {
      await this.writeBackfill(
        this.simulator,
        this.instruments().map((i) => i.row),
      );
      await this.loadState();
    }
    const last = [...this.byCode].flatMap(([code, s]) => (s.last ? [[code, s.last] as const] : []));
    for (const [code, tick] of last) this.lastIngested.set(code, tick.ts);
    this.simulator?.resume(new Map(last));
    await this.feed.start((ticks) => this.ingest(ticks));
    this.timers.push(setInterval(() => void this.flush(), this.options.flushMs));
  }

  /** Stops the feed and the recorder; on the way out (`final`), records what is pending. */
  async follow(final: boolean): Promise<void> {
    this.leader = false;
    await this.feed.stop();
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (final) await this.flush();
  }

  /** Stops listening for ticks (the host has already stopped the feed). */
  stop(): void {
    this.unsubscribe?.();
  }

  private async writeBackfill(simulator: Simulator, rows: readonly InstrumentRow[]): Promise<void> {
    const { candles, recent } = backfill(simulator, rows, this.now(), this.options.backfillDays);
    const ticks = rows.flatMap((row) =>
      (recent.get(row.code) ?? []).map((tick) => ({ instrumentId: row.id, tick })),
    );
    await record(this.db, ticks, candles, 'simulator-backfill');
  }

  private async loadState(): Promise<void> {
    const ticks = await this.db.query<{
      instrument_id: number;
      price: string;
      volume: string;
      ts: Date;
    }>(
      `select instrument_id, price::text, volume::text, ts from (
         select t.*, row_number() over (partition by instrument_id order by ts desc, id desc) as rn
           from market_ticks t) recent
        where rn <= 100 order by instrument_id, ts, rn desc`,
    );
    const closes = await this.db.query<{ instrument_id: number; open_time: Date; close: string }>(
      `select instrument_id, open_time, close::text from candles
        where timeframe = '1m' and open_time > now() - interval '25 hours' order by open_time`,
    );
    const open = await this.db.query<CandleDbRow & { instrument_id: number; timeframe: Timeframe }>(
      `select distinct on (instrument_id, timeframe) instrument_id, timeframe, ${CANDLE_COLUMNS}
         from candles order by instrument_id, timeframe, open_time desc`,
    );
    for (const c of closes)
      this.byId.get(c.instrument_id)?.rememberClose(c.open_time.getTime(), c.close);
    for (const c of open) this.byId.get(c.instrument_id)?.candles.set(c.timeframe, candleOf(c));
    for (const t of ticks) {
      const state = this.byId.get(t.instrument_id);
      if (state === undefined) continue;
      const tick = { code: state.row.code, price: t.price, volume: t.volume, ts: t.ts.getTime() };
      state.last = tick;
      state.hundred.push(t.price);
    }
  }

  /** Leader only: checks the feed's ticks, queues them for recording and publishes them. */
  ingest(ticks: readonly Tick[]): void {
    const accepted: Tick[] = [];
    for (const tick of ticks) {
      const state = this.byCode.get(tick.code);
      const previous = this.lastIngested.get(tick.code);
      if (
        state === undefined ||
        !this.valid(tick, state.row.precision) ||
        (previous !== undefined && tick.ts < previous)
      ) {
        this.stats.dropped += 1;
        continue;
      }
      this.lastIngested.set(tick.code, tick.ts);
      this.stats.ticks += 1;
      this.pendingTicks.push({ instrumentId: state.row.id, tick });
      accepted.push(tick);
    }
    if (accepted.length > 0) this.host.publishTicks(accepted);
  }

  /** Every node: moves the live state by the ticks the leader published. */
  private applyTicks(ticks: readonly Tick[]): void {
    const updates: PriceUpdate[] = [];
    const applied: Tick[] = [];
    const now = this.now();
    for (const tick of ticks) {
      const state = this.byCode.get(tick.code);
      const changed = state?.apply(tick);
      if (state === undefined || changed === undefined) continue;
      applied.push(tick);
      if (this.leader) {
        for (const tf of changed) {
          const candle = state.candles.get(tf);
          if (candle)
            this.dirty.set(`${state.row.id}:${tf}`, {
              instrumentId: state.row.id,
              timeframe: tf,
              candle,
            });
        }
      }
      updates.push({ code: tick.code, price: tick.price, zdf: state.zdf(now), ts: tick.ts });
    }
    if (updates.length === 0) return;
    for (const listener of this.priceListeners) listener(updates);
    for (const listener of this.tickListeners) listener(applied);
  }

  private valid(tick: Tick, precision: number): boolean {
    if (!isDecimal(tick.price) || !isDecimal(tick.volume) || !Number.isFinite(tick.ts))
      return false;
    try {
      return toUnits(tick.price, precision) > 0n;
    } catch {
      return false;
    }
  }

  /** Records what arrived since the last flush; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const ticks = this.pendingTicks.drain();
      const candles = [...this.dirty.values()];
      this.dirty = new Map();
      try {
        await record(this.db, ticks, candles, this.feed.name);
      } catch (err) {
        // Keep them for the next flush rather than lose recorded prices.
        this.pendingTicks.requeue(ticks);
        for (const c of candles) {
          const key = `${c.instrumentId}:${c.timeframe}`;
          if (!this.dirty.has(key)) this.dirty.set(key, c);
        }
        console.error('market flush failed:', (err as Error).message);
      }
    });
    return this.flushing;
  }

  instruments(): InstrumentState[] {
    return [...this.byCode.values()];
  }

  byInstrumentId(id: number): InstrumentState | undefined {
    return this.byId.get(id);
  }

  byInstrumentCode(code: string): InstrumentState | undefined {
    return this.byCode.get(code);
  }

  isOpen(state: InstrumentState): boolean {
    return isOpen(state.row.hours, this.now());
  }

  zdf(state: InstrumentState): string {
    return state.zdf(this.now());
  }

  /** Candles from the database, the one in progress taken from memory. */
  async candles(
    state: InstrumentState,
    tf: Timeframe,
    from: number,
    to: number,
    limit: number,
  ): Promise<Candle[]> {
    const rows = await this.db.query<CandleDbRow>(
      `select ${CANDLE_COLUMNS} from candles
        where instrument_id = $1 and timeframe = $2 and open_time >= $3 and open_time <= $4
        order by open_time desc limit $5`,
      [state.row.id, tf, new Date(from), new Date(to), limit],
    );
    const candles = rows.reverse().map(candleOf);
    const live = state.candles.get(tf);
    if (live !== undefined && live.openTime >= from && live.openTime <= to) {
      const last = candles.at(-1);
      if (last?.openTime === live.openTime) candles[candles.length - 1] = live;
      else if (last === undefined || last.openTime < live.openTime) candles.push(live);
      if (candles.length > limit) candles.shift();
    }
    return candles;
  }

  /** Counted from the database; cached for half a minute since they move slowly. */
  homeStats(): Promise<HomeFigures> {
    return this.statsCache.getOrLoad('home', async () => {
      const [row] = await this.db.query<{
        users: number;
        instruments: number;
        volume: string | null;
      }>(
        `select (select count(*)::int from users) as users,
                (select count(*)::int from instruments where enabled) as instruments,
                (select round(sum(c.volume * c.close), 2)::text from candles c
                   join instruments i on i.id = c.instrument_id
                  where c.timeframe = '1m' and c.open_time > $1 and i.quote in ('USD', 'USDT')) as volume`,
        [new Date(this.now() - 86_400_000)],
      );
      return {
        registeredUsers: row?.users ?? 0,
        listedInstruments: row?.instruments ?? 0,
        volume24hUsd: row?.volume ?? '0.00',
        simulated: this.simulated,
      };
    });
  }

  /** High, low, and volume over the last 24 hours, from minute candles. */
  async day(
    state: InstrumentState,
  ): Promise<{ high: string | null; low: string | null; volume: string }> {
    const [row] = await this.db.query<{
      high: string | null;
      low: string | null;
      volume: string | null;
    }>(
      `select max(high)::text as high, min(low)::text as low, sum(volume)::text as volume from candles
        where instrument_id = $1 and timeframe = '1m' and open_time > $2`,
      [state.row.id, new Date(this.now() - 86_400_000)],
    );
    return { high: row?.high ?? null, low: row?.low ?? null, volume: row?.volume ?? '0' };
  }
}
