import { closePriceOf, quoteOf } from '../../../contract/trading/formulas.ts';
import { TRADING_LIMITS } from '../../../contract/trading/schemas.ts';
import { toUnits } from '../money/decimal.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Engine, EngineHost } from '../platform/engine-host.ts';
import type { Contracts, LiveOrder, UsedTick } from './contracts.ts';
import type { FeedTick, Instruments } from './instruments.ts';
import type { Options } from './options.ts';
import { TriggerBook, type Fired, type Trigger } from './triggers/trigger-book.ts';

/**
 * Triggers the book may hold: three per live order (take profit, stop loss, liquidation), with
 * room for the opens that pass the platform-wide count at the same moment (one per database
 * connection at most).
 */
const MAX_TRIGGERS = 3 * (TRADING_LIMITS.liveOrdersMax + 1_000);
/** Options settled per sweep; the next sweep takes the rest. */
const OPTIONS_PER_SWEEP = 200;
/**
 * An option settles this long after its expiry, once the recorder (flushing every second)
 * has written the ticks up to it, so the settling tick is a recorded one.
 */
export const SETTLE_GRACE_MS = 1_500;

export interface TradingEngineOptions {
  sweepMs: number;
  now?: () => number;
}

/** The triggers of a live order (docs/trading.md, "Triggers"). */
export function triggersOf(o: LiveOrder): Trigger[] {
  const long = o.side === 'long';
  // A long closes at the bid and opens at the ask; a short the other way round.
  const closeSide = long ? 'bid' : 'ask';
  const base = { orderId: o.id, instrument: o.code };
  if (o.status === 'waiting') {
    if (o.limitPrice === undefined) return [];
    return [
      {
        ...base,
        kind: 'limit_open',
        side: long ? 'ask' : 'bid',
        when: long ? 'at_or_below' : 'at_or_above',
        price: o.limitPrice,
      },
    ];
  }
  const falling = long ? 'at_or_below' : 'at_or_above';
  const rising = long ? 'at_or_above' : 'at_or_below';
  const list: Trigger[] = [
    { ...base, kind: 'take_profit', side: closeSide, when: rising, price: o.takeProfit },
    { ...base, kind: 'stop_loss', side: closeSide, when: falling, price: o.stopLoss },
  ];
  if (o.liquidationPrice !== undefined && o.liquidationPrice > 0n) {
    list.push({
      ...base,
      kind: 'liquidation',
      side: closeSide,
      when: falling,
      price: o.liquidationPrice,
    });
  }
  return list;
}

/**
 * Which trigger a close is named after. One tick can cross a stop loss and the liquidation
 * price together (a gap); the book reports the stop loss (its priority), but when the stop
 * loss lies beyond the liquidation price the price reached the liquidation price first.
 */
export function reasonOf(
  kind: 'take_profit' | 'stop_loss' | 'liquidation',
  order: LiveOrder,
  price: bigint,
): 'take_profit' | 'stop_loss' | 'liquidation' {
  const liq = order.liquidationPrice;
  if (kind !== 'stop_loss' || liq === undefined) return kind;
  const long = order.side === 'long';
  const liquidatedFirst = long
    ? liq > order.stopLoss && price <= liq
    : liq < order.stopLoss && price >= liq;
  return liquidatedFirst ? 'liquidation' : kind;
}

/**
 * The trading engine, run by the elected node (EngineHost): it keeps every live order's triggers
 * in a TriggerBook, hands each tick's bid and ask to it and fills or closes what fired, and it
 * settles options once their expiry has passed. Work runs one item at a time, in tick order;
 * the database's conditional updates make a fill, close or settlement happen once even if a
 * person's own close, another node or a restart races it.
 */
export class TradingEngine implements Engine {
  readonly name = 'trading';
  private book = new TriggerBook({ maxTriggers: MAX_TRIGGERS });
  private leading = false;
  private stops: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private work: Promise<void> = Promise.resolve();
  private pending = 0;
  private sweepQueued = false;
  private readonly now: () => number;
  readonly stats = { fired: 0, failed: 0, settled: 0 };

  constructor(
    private readonly host: EngineHost,
    private readonly channels: Channels,
    private readonly instruments: Instruments,
    private readonly contracts: Contracts,
    private readonly options: Options,
    private readonly opts: TradingEngineOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Waits until no work is queued, including work queued by work (tests, a clean stop). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.work;
  }

  async lead(): Promise<void> {
    this.leading = true;
    this.book = new TriggerBook({ maxTriggers: MAX_TRIGGERS });
    this.stops.push(
      this.host.onTicks((ticks) => this.onTicks(ticks)),
      this.channels.subscribe('trading.orders', ({ orderId }) =>
        this.enqueue(() => this.reload(orderId)),
      ),
    );
    const live = await this.contracts.allLive();
    for (const order of live) {
      for (const t of triggersOf(order)) this.book.add(t);
    }
    // What the last prices already crossed while no engine ran fires now, once.
    for (const code of new Set(live.map((o) => o.code))) {
      const last = this.instruments.byCode(code)?.last;
      if (last !== undefined) this.onTicks([last]);
    }
    this.timer = setInterval(() => this.sweepOnce(), this.opts.sweepMs);
    this.sweepOnce();
  }

  /** Queues a sweep unless one is waiting already: a slow database cannot pile them up. */
  private sweepOnce(): void {
    if (this.sweepQueued) return;
    this.sweepQueued = true;
    this.enqueue(async () => {
      this.sweepQueued = false;
      await this.settleDue();
    });
  }

  async follow(): Promise<void> {
    this.leading = false;
    for (const stop of this.stops.splice(0)) stop();
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Runs `job` after the work before it; a failure is counted and does not stop the queue. */
  private enqueue(job: () => Promise<void>): void {
    this.pending += 1;
    this.work = this.work
      .then(job)
      .catch((err: Error) => {
        this.stats.failed += 1;
        console.error('trading engine:', err.message);
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  private onTicks(ticks: readonly FeedTick[]): void {
    if (!this.leading) return;
    for (const tick of ticks) {
      const instrument = this.instruments.byCode(tick.code);
      if (instrument === undefined) continue;
      const quote = quoteOf(toUnits(tick.price, instrument.precision), instrument.spreadTenthsBps);
      const fired = this.book.onQuote({ instrument: tick.code, ...quote });
      if (fired.length === 0) continue;
      const used: UsedTick = { code: tick.code, price: tick.price, ts: tick.ts };
      for (const f of fired) this.enqueue(() => this.fire(f, used, quote));
    }
  }

  private async fire(f: Fired, tick: UsedTick, quote: { bid: bigint; ask: bigint }) {
    this.stats.fired += 1;
    let done = false;
    try {
      if (f.kind === 'limit_open') {
        await this.contracts.fill(f.orderId, tick);
      } else {
        const order = await this.contracts.live(f.orderId);
        if (order !== undefined && order.status === 'open') {
          const price = closePriceOf(order.side, quote);
          await this.contracts.close(f.orderId, reasonOf(f.kind, order, price), tick, price);
        }
      }
      done = true;
    } finally {
      // The book again holds what the database says is live. After a failure the order waits
      // for the next tick rather than retrying at once, so a failing write cannot spin.
      await this.reload(f.orderId, done);
    }
  }

  /** Puts an order's triggers back as the database has them (or none once it is over). */
  private async reload(orderId: number, recheck = true): Promise<void> {
    if (!this.leading) return;
    this.book.remove(orderId);
    const order = await this.contracts.live(orderId);
    if (order === undefined) return;
    for (const t of triggersOf(order)) this.book.add(t);
    // A tick may have crossed it while it was being written: check the latest one now.
    const last = this.instruments.byCode(order.code)?.last;
    if (recheck && last !== undefined) this.onTicks([last]);
  }

  /**
   * Settles options past expiry (and the grace) at the last recorded tick before it; the sweep
   * timer calls it, and tests with a later `now`.
   */
  async settleDue(now: number = this.now()): Promise<void> {
    if (!this.leading) return;
    const due = await this.options.due(now - SETTLE_GRACE_MS, OPTIONS_PER_SWEEP);
    for (const option of due) {
      const tick = await this.options.recordedTickAt(
        option.instrumentId,
        option.code,
        option.expiresAt,
      );
      // No recorded tick at all before expiry cannot happen (the open tick is one) unless the
      // ticks were swept: then it waits for staff, never a made-up price.
      if (tick === undefined) continue;
      if ((await this.options.settle(option.id, tick)) !== undefined) this.stats.settled += 1;
    }
  }

  get queued(): number {
    return this.pending;
  }
}
