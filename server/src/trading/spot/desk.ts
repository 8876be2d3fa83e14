import type { Book } from '../../../../contract/envelope.ts';
import { Code } from '../../../../contract/errors.ts';
import type { RecentTrade } from '../../../../contract/spot/schemas.ts';
import { feeUnits } from '../../../../contract/spot/figures.ts';
import { SPOT_LIMITS } from '../../../../contract/spot/schemas.ts';
import { assert } from '../../assert.ts';
import { AppError } from '../../errors.ts';
import { isNegativeBalance, type Leg, type Ledger } from '../../ledger/ledger.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { fromUnits, toUnits } from '../../money/decimal.ts';
import type { Tx } from '../../platform/db/database.ts';
import { OrderBook } from './engine/order-book.ts';
import type { EngineLimits, Fill, PlaceCommand, Side } from './engine/types.ts';
import type { Pair } from './pairs.ts';
import type { OrderRow, SpotStore } from './store.ts';

/** Commands waiting for one book's writer; past this a new one is refused as busy. */
const QUEUE_MAX = 10_000;
/** Commands committed together in one transaction at most. */
const BATCH_MAX = 64;

/** What the commands of one batch share: the fee rates, and whose orders changed. */
interface Batch {
  readonly fees: FeeRates;
  readonly touched: { userId: number; id: number }[];
}

/**
 * A queued command: it runs inside the batch's transaction and names the order it made or
 * changed (0: none), whose committed row it is answered with.
 */
interface Job {
  run(tx: Tx, batch: Batch, step: { moved: boolean }): Promise<number>;
  resolve(row: OrderRow | undefined): void;
  reject(err: unknown): void;
}

/** An order as its desk tracks it while it rests: what it has done, in exact units. */
interface Live {
  readonly id: number;
  readonly userId: number;
  readonly side: Side;
  /** Its limit (or a market order's protection) in ticks: what its hold was priced at. */
  readonly priceTicks: number;
  readonly lots: number;
  readonly platform: boolean;
  readonly type: 'limit' | 'market';
  filledLots: number;
  turnover: bigint;
  fee: bigint;
  held: bigint;
}

/** An order to place, checked by the service: whole ticks and lots of this desk's pair. */
export interface Placement {
  userId: number;
  requestKey: string;
  bodyHash: string;
  side: Side;
  type: 'limit' | 'market';
  tif: 'gtc' | 'ioc' | 'post_only';
  /** The limit, or a market order's protection from the feed price. */
  priceTicks: number;
  lots: number;
  platform: boolean;
  ref: { price: string; ts: number } | null;
}

/** Fee rates as fractions at RATE_SCALE. */
export interface FeeRates {
  maker: bigint;
  taker: bigint;
}

export interface DeskHooks {
  fees(): Promise<FeeRates>;
  /** After a commit: whose orders changed, and the book changed. */
  changed(book: Book, code: string, orders: readonly { userId: number; id: number }[]): void;
}

/**
 * The single writer of one pair's book in one ledger book. Commands run in order, in batches
 * of one transaction; each one's order row, fills, ledger transfers and hold changes commit
 * before its caller hears back. The matching itself is the pure engine; if a transaction fails after
 * the engine moved, the book is rebuilt from the database, which holds only what committed.
 */
export class Desk {
  private engine: OrderBook;
  private live = new Map<number, Live>();
  private readonly queue: Job[] = [];
  private draining: Promise<void> | undefined;
  /** The engine may be ahead of the database (a batch failed and the rebuild did too). */
  private stale = false;
  private trades: RecentTrade[] = [];
  private lastPrice: string | null = null;
  /** Grows with every committed change of the book, across leaders too (it starts at the clock). */
  seq = Date.now() * 1000;

  constructor(
    readonly book: Book,
    readonly pair: Pair,
    private readonly deps: {
      ledger: Ledger;
      store: SpotStore;
      limits: EngineLimits;
      hooks: DeskHooks;
    },
  ) {
    this.engine = new OrderBook(deps.limits);
  }

  /** Loads the resting orders (in the order placed) and the latest trades from the database. */
  async rebuild(): Promise<void> {
    const { store } = this.deps;
    const engine = new OrderBook(this.deps.limits);
    const live = new Map<number, Live>();
    for (const row of await store.openOrders(this.book, this.pair.code)) {
      const order = this.liveOf(row);
      const remaining = order.lots - order.filledLots;
      assert(remaining > 0, () => `order ${order.id} waits with nothing left`);
      this.assertHeld(order);
      engine.restore({
        id: order.id,
        owner: order.userId,
        side: order.side,
        price: order.priceTicks,
        remaining,
        platform: order.platform,
      });
      live.set(order.id, order);
    }
    this.engine = engine;
    this.live = live;
    this.trades = await store.recentTrades(this.book, this.pair.code);
    this.lastPrice = this.trades[0]?.price ?? this.lastPrice;
    this.seq += 1;
  }

  /** Places an order: rejected, resting, filled or cancelled, all settled before it returns. */
  async place(p: Placement): Promise<OrderRow> {
    return this.answered(
      await this.enqueue(async (tx, batch, step) => {
        const refusal = this.engine.check(this.terms(p));
        if (refusal === 'owner_orders' || refusal === 'book_orders' || refusal === 'book_levels') {
          throw new AppError(Code.spotOrdersFull);
        }
        assert(refusal === undefined || refusal === 'would_take', () => `refused: ${refusal}`);
        return this.placeIn(tx, p, refusal !== undefined, batch, step);
      }),
    );
  }

  /** Cancels a resting order its owner names. */
  async cancel(orderId: number, userId: number): Promise<OrderRow> {
    return this.answered(
      await this.enqueue(async (tx, batch, step) => {
        const order = this.live.get(orderId);
        if (order === undefined || order.userId !== userId) {
          const row = await this.deps.store.orderIn(tx, orderId);
          if (row === undefined || Number(row.user_id) !== userId) {
            throw new AppError(Code.notFound, { field: 'id' });
          }
          throw new AppError(Code.orderStatusWrong, { field: 'id' });
        }
        step.moved = true;
        assert(this.engine.cancel(orderId).cancelled, () => `live order ${orderId} not in book`);
        await this.end(tx, order, 'cancelled', 'cancelled');
        batch.touched.push({ userId, id: orderId });
        return orderId;
      }),
    );
  }

  /**
   * The platform's quotes renewed in one command: its resting orders taken out, then each
   * placement placed while its owner's balance lasts. A placement the balance cannot cover is
   * undone to its savepoint and ends its side (the maker never quotes money it does not have);
   * one the engine would refuse (a post-only that would take) is skipped without a row.
   * Answers how many were placed.
   */
  async requote(owner: number, placements: readonly Placement[]): Promise<number> {
    let placed = 0;
    await this.enqueue(async (tx, batch, step) => {
      for (const order of this.ordersOf(owner)) {
        step.moved = true;
        assert(this.engine.cancel(order.id).cancelled, () => `quote ${order.id} not in book`);
        await this.end(tx, order, 'cancelled', 'requote');
      }
      const spent = new Set<Side>();
      for (const p of placements) {
        assert(p.userId === owner && p.platform, () => 'a requote places only its own quotes');
        if (spent.has(p.side) || this.engine.check(this.terms(p)) !== undefined) continue;
        const seen = batch.touched.length;
        const one = { moved: false };
        // A hold the balance cannot cover fails before the engine moves: undone alone.
        const outcome = await this.deps.ledger.attempt(
          tx,
          () => this.placeIn(tx, p, false, batch, one),
          (err) => !one.moved && isNegativeBalance(err),
        );
        if (one.moved) step.moved = true;
        if (outcome.ok) placed += 1;
        else {
          batch.touched.length = seen;
          spent.add(p.side);
        }
      }
      return 0;
    });
    return placed;
  }

  /** Waits for every command queued so far (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.draining !== undefined) await this.draining;
  }

  depth(levels: number) {
    return this.engine.depth(levels);
  }

  /** The resting orders the engine holds (tests compare them with the database). */
  resting() {
    return this.engine.resting();
  }

  ordersOf(userId: number): Live[] {
    return [...this.live.values()].filter((o) => o.userId === userId);
  }

  get recent(): readonly RecentTrade[] {
    return this.trades;
  }

  get last(): string | null {
    return this.lastPrice;
  }

  /** Queues a command for the next batch; refuses past the queue's bound. */
  private enqueue(run: Job['run']): Promise<OrderRow | undefined> {
    if (this.queue.length >= QUEUE_MAX) return Promise.reject(new AppError(Code.busy));
    return new Promise<OrderRow | undefined>((resolve, reject) => {
      this.queue.push({ run, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, BATCH_MAX));
    } finally {
      this.draining = undefined;
    }
  }

  /**
   * Runs queued commands in one transaction, each in a savepoint: one refused before the
   * engine moved (a balance too small, a request key already used, a check) is undone alone
   * and answered with its refusal; any other failure undoes the whole batch, the book is
   * rebuilt from what committed, and every command in it hears the failure (none happened).
   */
  private async runBatch(jobs: Job[]): Promise<void> {
    const outcomes: ({ ok: true; id: number } | { ok: false; err: unknown })[] = [];
    const state = { moved: false };
    let batch: Batch | undefined;
    let rows: Map<number, OrderRow>;
    try {
      if (this.stale) {
        await this.rebuild();
        this.stale = false;
      }
      batch = { fees: await this.deps.hooks.fees(), touched: [] };
      const shared = batch;
      rows = await this.deps.ledger.atomically(async (tx) => {
        outcomes.length = 0;
        shared.touched.length = 0;
        for (const job of jobs) {
          const step = { moved: false };
          const outcome = await this.deps.ledger.attempt(
            tx,
            () => job.run(tx, shared, step),
            (err) =>
              !step.moved &&
              (err instanceof AppError ||
                isNegativeBalance(err) ||
                isUniqueViolation(err, 'request_key')),
          );
          if (step.moved) state.moved = true;
          outcomes.push(outcome.ok ? { ok: true, id: outcome.value } : outcome);
        }
        const ids = outcomes.flatMap((o) => (o.ok && o.id > 0 ? [o.id] : []));
        return new Map((await this.deps.store.ordersIn(tx, ids)).map((r) => [Number(r.id), r]));
      }, 'engine');
    } catch (err) {
      for (const job of jobs) job.reject(err);
      if (state.moved) await this.recover();
      return;
    }
    this.committed(batch.touched);
    for (const [i, job] of jobs.entries()) {
      const outcome = outcomes[i];
      assert(outcome !== undefined, () => `command ${i} of a batch has no outcome`);
      if (outcome.ok) job.resolve(rows.get(outcome.id));
      else if (isNegativeBalance(outcome.err)) job.reject(new AppError(Code.insufficientBalance));
      else job.reject(outcome.err);
    }
  }

  /**
   * After a failed batch the engine may hold what never committed: rebuild it now, or (the
   * database away) before the next batch runs, so no command ever matches against it.
   */
  private async recover(): Promise<void> {
    this.stale = true;
    try {
      await this.rebuild();
      this.stale = false;
    } catch (err) {
      console.error(`spot desk ${this.book} ${this.pair.code}: rebuild failed:`, err);
    }
  }

  private answered(row: OrderRow | undefined): OrderRow {
    assert(row !== undefined, () => 'a command answered without its order');
    return row;
  }

  private terms(p: Placement): Omit<PlaceCommand, 'id' | 'kind'> {
    return {
      owner: p.userId,
      side: p.side,
      price: p.priceTicks,
      qty: p.lots,
      type: p.type,
      tif: p.tif,
      platform: p.platform,
    };
  }

  /** Writes the order and its hold, then matches it; returns its id. */
  private async placeIn(
    tx: Tx,
    p: Placement,
    rejected: boolean,
    batch: Batch,
    state: { moved: boolean },
  ): Promise<number> {
    const { fees, touched } = batch;
    const { store } = this.deps;
    const pair = this.pair;
    const buying = p.side === 'buy';
    const held = rejected
      ? 0n
      : buying
        ? pair.quoteUnits(p.priceTicks, p.lots)
        : pair.baseUnits(p.lots);
    const inserted = await store.insertOrder(tx, {
      userId: p.userId,
      book: this.book,
      code: pair.code,
      requestKey: p.requestKey,
      bodyHash: p.bodyHash,
      side: p.side,
      type: p.type,
      tif: p.tif,
      price: pair.priceOf(p.priceTicks),
      qty: pair.qtyOf(p.lots),
      held: this.amount(buying ? 'quote' : 'base', held),
      status: rejected ? 'rejected' : 'waiting',
      reason: rejected ? 'would_take' : null,
      platform: p.platform,
      refPrice: p.ref?.price ?? null,
      refTs: p.ref?.ts ?? null,
    });
    const id = Number(inserted.id);
    touched.push({ userId: p.userId, id });
    if (rejected) return id;
    await this.move(tx, buying ? 'quote' : 'base', `spot-hold:${id}`, [
      {
        from: { user: p.userId, purpose: 'available' },
        to: { user: p.userId, purpose: 'held' },
        amount: held,
        kind: 'spot_hold',
        reference: `spot:${id}`,
      },
    ]);
    const taker: Live = {
      id,
      userId: p.userId,
      side: p.side,
      priceTicks: p.priceTicks,
      lots: p.lots,
      platform: p.platform,
      type: p.type,
      filledLots: 0,
      turnover: 0n,
      fee: 0n,
      held,
    };
    state.moved = true;
    const result = this.engine.place({ kind: 'place', id, ...this.terms(p) });
    assert(result.status !== 'rejected', () => `order ${id} rejected after its check`);
    for (const fill of result.fills) {
      const maker = this.live.get(fill.makerId);
      assert(maker !== undefined, () => `maker ${fill.makerId} is not live`);
      await this.settle(tx, taker, maker, fill, fees);
      touched.push({ userId: maker.userId, id: maker.id });
      if (fill.makerRemaining === 0) {
        assert(maker.held === 0n, () => `filled maker ${maker.id} still holds ${maker.held}`);
        await this.end(tx, maker, 'filled', null);
      } else {
        this.assertHeld(maker);
        await store.updateOrder(tx, maker.id, this.change(maker, 'waiting', null));
      }
    }
    for (const gone of result.expired) {
      const maker = this.live.get(gone.id);
      assert(maker !== undefined, () => `expired ${gone.id} is not live`);
      await this.end(tx, maker, 'cancelled', 'self_trade');
      touched.push({ userId: maker.userId, id: maker.id });
    }
    if (result.status === 'resting') {
      this.assertHeld(taker);
      if (result.fills.length > 0)
        await store.updateOrder(tx, id, this.change(taker, 'waiting', null));
      this.live.set(id, taker);
      return id;
    }
    const all = result.status === 'filled';
    const traded = taker.filledLots > 0;
    const status =
      p.type === 'market' ? (traded ? 'success' : 'cancelled') : all ? 'filled' : 'cancelled';
    const bounded = result.fills.length + result.expired.length >= this.deps.limits.fillsPerCommand;
    await this.end(tx, taker, status, all ? null : bounded ? 'fills_limit' : 'unfilled');
    return id;
  }

  /**
   * One trade's money: the seller's held base goes to the buyer (less the buyer's fee), the
   * buyer's held quote to the seller (less the seller's fee); a buyer who bid above the trade
   * price gets the difference back from its hold at once, so a resting order always holds
   * exactly its limit x what is left.
   */
  private async settle(tx: Tx, taker: Live, maker: Live, fill: Fill, fees: FeeRates) {
    const pair = this.pair;
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const base = pair.baseUnits(fill.qty);
    const quote = pair.quoteUnits(fill.price, fill.qty);
    const atLimit = pair.quoteUnits(buyer.priceTicks, fill.qty);
    assert(atLimit >= quote, () => `buyer ${buyer.id} pays above its limit`);
    const buyerFee = feeUnits(base, buyer === taker ? fees.taker : fees.maker);
    const sellerFee = feeUnits(quote, seller === taker ? fees.taker : fees.maker);
    const price = pair.priceOf(fill.price);
    const fillId = await this.deps.store.insertFill(tx, {
      book: this.book,
      code: pair.code,
      makerOrder: maker.id,
      takerOrder: taker.id,
      takerSide: taker.side,
      price,
      qty: pair.qtyOf(fill.qty),
      turnover: this.amount('quote', quote),
      makerFee: this.amount(
        maker === buyer ? 'base' : 'quote',
        maker === buyer ? buyerFee : sellerFee,
      ),
      takerFee: this.amount(
        taker === buyer ? 'base' : 'quote',
        taker === buyer ? buyerFee : sellerFee,
      ),
    });
    const reference = `spot-fill:${fillId}`;
    const legs = (list: (Leg | false)[]) =>
      list.filter((l): l is Leg => l !== false && l.amount > 0n);
    await this.move(
      tx,
      'base',
      `${reference}:base`,
      legs([
        {
          from: { user: seller.userId, purpose: 'held' },
          to: { user: buyer.userId, purpose: 'available' },
          amount: base - buyerFee,
          kind: 'spot_trade',
          reference,
        },
        {
          from: { user: seller.userId, purpose: 'held' },
          to: { platform: 'fees' },
          amount: buyerFee,
          kind: 'spot_fee',
          reference,
        },
      ]),
    );
    await this.move(
      tx,
      'quote',
      `${reference}:quote`,
      legs([
        {
          from: { user: buyer.userId, purpose: 'held' },
          to: { user: seller.userId, purpose: 'available' },
          amount: quote - sellerFee,
          kind: 'spot_trade',
          reference,
        },
        {
          from: { user: buyer.userId, purpose: 'held' },
          to: { platform: 'fees' },
          amount: sellerFee,
          kind: 'spot_fee',
          reference,
        },
        {
          from: { user: buyer.userId, purpose: 'held' },
          to: { user: buyer.userId, purpose: 'available' },
          amount: atLimit - quote,
          kind: 'spot_release',
          reference,
        },
      ]),
    );
    for (const o of [taker, maker]) o.filledLots += fill.qty;
    taker.turnover += quote;
    maker.turnover += quote;
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    buyer.held -= atLimit;
    seller.held -= base;
    assert(buyer.held >= 0n && seller.held >= 0n, () => `fill ${fillId} overdraws a hold`);
    this.trades.unshift({
      id: fillId,
      price,
      qty: pair.qtyOf(fill.qty),
      side: taker.side,
      at: Date.now(),
    });
    if (this.trades.length > SPOT_LIMITS.recentTrades)
      this.trades.length = SPOT_LIMITS.recentTrades;
    this.lastPrice = price;
  }

  /** Ends an order: what it still holds goes back to its owner. */
  private async end(
    tx: Tx,
    order: Live,
    status: 'filled' | 'cancelled' | 'success',
    reason: string | null,
  ): Promise<void> {
    if (order.held > 0n) {
      await this.move(tx, order.side === 'buy' ? 'quote' : 'base', `spot-release:${order.id}`, [
        {
          from: { user: order.userId, purpose: 'held' },
          to: { user: order.userId, purpose: 'available' },
          amount: order.held,
          kind: 'spot_release',
          reference: `spot:${order.id}`,
        },
      ]);
      order.held = 0n;
    }
    await this.deps.store.updateOrder(tx, order.id, this.change(order, status, reason));
    this.live.delete(order.id);
  }

  private change(order: Live, status: OrderRow['status'], reason: string | null) {
    const buying = order.side === 'buy';
    return {
      filled: this.pair.qtyOf(order.filledLots),
      turnover: this.amount('quote', order.turnover),
      fee: this.amount(buying ? 'base' : 'quote', order.fee),
      held: this.amount(buying ? 'quote' : 'base', order.held),
      status,
      reason,
    };
  }

  private async move(tx: Tx, coin: 'base' | 'quote', key: string, legs: Leg[]): Promise<void> {
    if (legs.length === 0) return;
    const asset = coin === 'base' ? this.pair.base : this.pair.quote;
    await this.deps.ledger.post(tx, { key, asset, book: this.book, legs });
  }

  private amount(coin: 'base' | 'quote', units: bigint): string {
    return fromUnits(units, coin === 'base' ? this.pair.baseScale : this.pair.quoteScale);
  }

  /** A resting order holds exactly its price x what is left (buy) or what is left (sell). */
  private assertHeld(order: Live): void {
    const left = order.lots - order.filledLots;
    const expected =
      order.side === 'buy'
        ? this.pair.quoteUnits(order.priceTicks, left)
        : this.pair.baseUnits(left);
    assert(order.held === expected, () => `order ${order.id} holds ${order.held}, not ${expected}`);
  }

  private liveOf(row: OrderRow): Live {
    const pair = this.pair;
    const buying = row.side === 'buy';
    assert(row.price !== null, () => `resting order ${row.id} without a price`);
    return {
      id: Number(row.id),
      userId: Number(row.user_id),
      side: row.side,
      priceTicks: pair.ticksOf(row.price),
      lots: pair.lotsOf(row.qty),
      platform: row.platform,
      type: row.order_type,
      filledLots: pair.lotsStored(row.filled),
      turnover: toUnits(row.turnover, pair.quoteScale),
      fee: toUnits(row.fee, buying ? pair.baseScale : pair.quoteScale),
      held: toUnits(row.held, buying ? pair.quoteScale : pair.baseScale),
    };
  }

  private committed(touched: readonly { userId: number; id: number }[]): void {
    this.seq += 1;
    this.deps.hooks.changed(this.book, this.pair.code, touched);
  }
}
