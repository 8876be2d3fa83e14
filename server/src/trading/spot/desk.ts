import type { Book } from '../../../../contract/envelope.ts';
import { Code } from '../../../../contract/errors.ts';
import type { Notice } from '../../../../contract/notifications/schemas.ts';
import type { RecentTrade } from '../../../../contract/spot/schemas.ts';
import { feeUnits } from '../../../../contract/spot/figures.ts';
import { SPOT_LIMITS } from '../../../../contract/spot/schemas.ts';
import { assert } from '../../assert.ts';
import { AppError } from '../../errors.ts';
import { LedgerError, type Leg, type Ledger, type TransferRequest } from '../../ledger/ledger.ts';
import { fromUnits, toUnits } from '../../money/decimal.ts';
import type { Tx } from '../../platform/db/database.ts';
import { spotKey } from './transfers.ts';
import { OrderBook } from './engine/order-book.ts';
import type { EngineLimits, Fill, PlaceCommand, Side } from './engine/types.ts';
import type { Pair } from './pairs.ts';
import type { NewFill, NewOrder, OrderChange, OrderRow, SpotStore } from './store.ts';
import { isTransient } from '../../platform/db/retry.ts';

/** Commands waiting for one book's writer; past this a new one is refused as busy. */
const QUEUE_MAX = 10_000;
/** Commands committed together in one transaction at most. */
const BATCH_MAX = 64;
/**
 * Runs of a batch again, in all, after PostgreSQL rolled it back for a deadlock or a
 * serialization failure, or a balance it read was spent before it posted: none of these is a
 * command's fault, so nothing is set apart before they are used up.
 */
const TRANSIENT_RETRIES = 3;
/** The first wait before a batch runs again after a deadlock; each later one doubles (jittered). */
const RETRY_BACKOFF_MS = 2;

/** A placement whose (owner, request key) is already stored or earlier in the batch. */
export class TwinKey extends Error {
  override name = 'TwinKey';
}

/** A command threw while it ran in memory: the fault is its own, whatever else is in its batch. */
class CommandFault extends Error {
  override name = 'CommandFault';
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`command ${index} of a spot batch failed`);
  }
}

/** How a desk's batches fared after failures that were no command's refusal. */
export interface DeskStats {
  /** Batches run again after a deadlock, a serialization failure or a balance spent meanwhile. */
  retried: number;
  /** Failed batches halved to find the command at fault. */
  split: number;
  /** Commands failed alone (10030) while the rest of their batch ran. */
  setApart: number;
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
/** The rates a batch runs with, read once per batch. */
export interface FeeRates {
  maker: bigint;
  taker: bigint;
  /** The market orders' protection band (spot_market_band), in basis points. */
  bandBps: number;
}

export interface DeskHooks {
  fees(): Promise<FeeRates>;
  /** The feed's latest price of the pair, when there is one (the platform's quotes follow it). */
  feedPrice(code: string): string | undefined;
  /** After a commit: whose orders changed, and the book changed. */
  changed(book: Book, code: string, orders: readonly { userId: number; id: number }[]): void;
  /** Tells the person, in the batch's transaction (the notification centre). */
  notify(tx: Tx, userId: number, notice: Notice): Promise<void>;
}

/** The resting orders a desk tracks, by id and by owner (the market maker asks for its own). */
class LiveOrders {
  private readonly byId = new Map<number, Live>();
  private readonly byOwner = new Map<number, Map<number, Live>>();
  /** The platform market maker's quotes (a taker's guard looks at them alone). */
  private readonly quotes = new Map<number, Live>();

  get(id: number): Live | undefined {
    return this.byId.get(id);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  add(order: Live): void {
    this.byId.set(order.id, order);
    let owned = this.byOwner.get(order.userId);
    if (owned === undefined) this.byOwner.set(order.userId, (owned = new Map()));
    owned.set(order.id, order);
    if (order.platform) this.quotes.set(order.id, order);
  }

  remove(order: Live): void {
    this.byId.delete(order.id);
    this.quotes.delete(order.id);
    const owned = this.byOwner.get(order.userId);
    owned?.delete(order.id);
    if (owned?.size === 0) this.byOwner.delete(order.userId);
  }

  of(userId: number): Live[] {
    return [...(this.byOwner.get(userId)?.values() ?? [])];
  }

  platform(): Live[] {
    return [...this.quotes.values()];
  }
}

/** A fill as the journal keeps it until its id is known: its row and its two ledger batches. */
interface PendingFill {
  readonly row: NewFill;
  readonly base: Leg[];
  readonly quote: Leg[];
  readonly trade: Omit<RecentTrade, 'id'>;
}

/**
 * What one batch does, gathered while its commands run in memory and written at its end in two
 * statements (store.writeBatch, ledger.postMany): the orders it made (as they ended the batch)
 * and changed, its fills, and its holds and releases. The balances its placements spend from
 * were locked and read at its start, so each command's checks see what the commands before it
 * did.
 */
class Journal {
  readonly created = new Map<number, NewOrder & { id: number }>();
  readonly changes = new Map<number, OrderChange>();
  /** Owners of the orders that ended in this batch (a second cancel of one answers by it). */
  readonly ended = new Map<number, number>();
  readonly fills: PendingFill[] = [];
  readonly moves: TransferRequest[] = [];
  readonly touched: { userId: number; id: number }[] = [];
  /** People's resting orders this batch filled in full: each owner is told (a notice). */
  readonly filled: Live[] = [];

  constructor(
    readonly fees: FeeRates,
    private readonly ids: number[],
    readonly taken: Set<string>,
    /** Available balances of the batch's placers, by `user:asset`, in smallest units. */
    private readonly available: Map<string, bigint>,
  ) {}

  nextId(): number {
    const id = this.ids.shift();
    assert(id !== undefined, () => 'a batch placed more orders than it has ids for');
    return id;
  }

  availableOf(userId: number, asset: string): bigint {
    const units = this.available.get(`${userId}:${asset}`);
    assert(units !== undefined, () => `no locked balance of ${userId} in ${asset}`);
    return units;
  }

  /**
   * Money leaves (units < 0) or reaches an available balance the batch tracks; the others are
   * nobody's spending in this batch.
   */
  adjust(userId: number, asset: string, units: bigint): void {
    const key = `${userId}:${asset}`;
    const before = this.available.get(key);
    if (before === undefined) return;
    assert(before + units >= 0n, () => `${key} would go below zero`);
    this.available.set(key, before + units);
  }
}

/** A queued command: it runs in memory against the batch's journal and names its order (0: none). */
interface Job {
  /** What it is, for the log when it fails. */
  readonly label: string;
  readonly placements: readonly Placement[];
  /** The order a cancel names, whose row is read first if it does not rest at the start. */
  readonly cancels: number | undefined;
  run(journal: Journal, rows: ReadonlyMap<number, OrderRow>, step: { moved: boolean }): number;
  resolve(row: OrderRow | undefined): void;
  reject(err: unknown): void;
}

/**
 * The single writer of one pair's book in one ledger book. Commands run in order, in batches
 * of one transaction: the batch locks the balances its orders spend from, runs every command
 * in memory (the pure engine and the settlement), then writes the orders, fills and ledger
 * transfers in a few statements, and only then do callers hear back. A command refused (a
 * balance too small, a request key used, a full book) is refused before it changes anything;
 * if the transaction fails, the book is rebuilt from the database, which holds only what
 * committed, and the batch runs again without the command at fault (`runBatch`).
 */
export class Desk {
  private engine: OrderBook;
  private live = new LiveOrders();
  private readonly queue: Job[] = [];
  private draining: Promise<void> | undefined;
  /** The engine may be ahead of the database (a batch failed and the rebuild did too). */
  private stale = false;
  readonly stats: DeskStats = { retried: 0, split: 0, setApart: 0 };
  /**
   * A test's injected fault: called in a placement right after the engine matched it, before its
   * fills are settled, so what it throws is a fault after the book changed. Unset outside tests.
   */
  faultAfterMatch: ((order: { userId: number; id: number }) => void) | undefined;
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
    const live = new LiveOrders();
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
      live.add(order);
    }
    // Ids of orders that ended are refused too, as they were before the rebuild.
    engine.resumeAfter(await store.lastOrderId());
    this.engine = engine;
    this.live = live;
    this.trades = await store.recentTrades(this.book, this.pair.code);
    this.lastPrice = this.trades[0]?.price ?? this.lastPrice;
    this.seq += 1;
  }

  /** Places an order: rejected, resting, filled or cancelled, all settled before it returns. */
  async place(p: Placement): Promise<OrderRow> {
    const label = `place by user ${p.userId} (key ${p.requestKey})`;
    return this.answered(
      await this.enqueue(label, [p], undefined, (journal, _rows, step) => {
        const id = this.placeNow(journal, p, step);
        assert(id > 0, () => 'a placement was skipped');
        return id;
      }),
    );
  }

  /** Cancels a resting order its owner names. */
  async cancel(orderId: number, userId: number): Promise<OrderRow> {
    const label = `cancel of order ${orderId} by user ${userId}`;
    return this.answered(
      await this.enqueue(label, [], orderId, (journal, rows, step) => {
        const order = this.live.get(orderId);
        if (order === undefined || order.userId !== userId) {
          // Not resting: ended earlier in this batch, or before it (its row was read).
          const owner = journal.ended.get(orderId) ?? rows.get(orderId)?.user_id;
          if (owner === undefined || Number(owner) !== userId) {
            throw new AppError(Code.notFound, { field: 'id' });
          }
          throw new AppError(Code.orderStatusWrong, { field: 'id' });
        }
        step.moved = true;
        assert(this.engine.cancel(orderId).cancelled, () => `live order ${orderId} not in book`);
        this.end(journal, order, 'cancelled', 'cancelled');
        journal.touched.push({ userId, id: orderId });
        return orderId;
      }),
    );
  }

  /**
   * The platform's quotes renewed in one command: its resting orders taken out, then each
   * placement placed while its owner's balance lasts. A placement the balance cannot cover
   * ends its side (the maker never quotes money it does not have); one the engine would refuse
   * (a post-only that would take) is skipped without a row. Answers how many were placed.
   */
  async requote(owner: number, placements: readonly Placement[]): Promise<number> {
    let placed = 0;
    const label = `requote by user ${owner}`;
    await this.enqueue(label, placements, undefined, (journal, _rows, step) => {
      placed = 0; // a batch may run twice
      for (const order of this.ordersOf(owner)) {
        step.moved = true;
        assert(this.engine.cancel(order.id).cancelled, () => `quote ${order.id} not in book`);
        this.end(journal, order, 'cancelled', 'requote');
      }
      const spent = new Set<Side>();
      for (const p of placements) {
        assert(p.userId === owner && p.platform, () => 'a requote places only its own quotes');
        if (spent.has(p.side) || this.engine.check(this.terms(p)) !== undefined) continue;
        if (this.placeNow(journal, p, step, 'skip') > 0) placed += 1;
        else spent.add(p.side);
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
    return this.live.of(userId);
  }

  get recent(): readonly RecentTrade[] {
    return this.trades;
  }

  get last(): string | null {
    return this.lastPrice;
  }

  /** Queues a command for the next batch; refuses past the queue's bound. */
  private enqueue(
    label: string,
    placements: readonly Placement[],
    cancels: number | undefined,
    run: Job['run'],
  ): Promise<OrderRow | undefined> {
    if (this.queue.length >= QUEUE_MAX) return Promise.reject(new AppError(Code.busy));
    return new Promise<OrderRow | undefined>((resolve, reject) => {
      this.queue.push({ label, placements, cancels, run, resolve, reject });
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
   * Runs queued commands, in one transaction if it can. A failure that is no command's refusal
   * undoes the whole transaction (the book is rebuilt from what committed), then: a deadlock,
   * a serialization failure or a balance spent meanwhile runs the batch again (at most
   * TRANSIENT_RETRIES times in all); a command that threw in memory is set apart and the others
   * run again without it; a write that failed is halved until the command at fault runs alone.
   * So one person's fault fails only their command. Each pass commits a group, runs one again,
   * answers a command or halves a group, so the passes are bounded by the batch's size.
   */
  private async runBatch(jobs: Job[]): Promise<void> {
    const groups: Job[][] = [jobs];
    // Commits and answers at most n each, splits n - 1, runs again TRANSIENT_RETRIES.
    const passesMax = 3 * jobs.length + TRANSIENT_RETRIES;
    let retries = 0;
    for (let pass = 0; groups.length > 0; pass++) {
      assert(pass < passesMax, () => `a spot batch of ${jobs.length} took ${pass} passes`);
      const group = groups.shift() as Job[];
      const failure = await this.attempt(group);
      if (failure === undefined) continue;
      const { err, culprit } = failure;
      if (failure.before || this.stale) {
        // The database is away (or the fees with it): no command can be told apart.
        this.fail([group, ...groups].flat(), err, 'its batch could not run');
        return;
      }
      if (culprit === undefined && transient(err) && retries < TRANSIENT_RETRIES) {
        retries += 1;
        this.stats.retried += 1;
        groups.unshift(group);
        if (!spentMeanwhile(err)) await pause(Math.random() * RETRY_BACKOFF_MS * 2 ** retries);
        continue;
      }
      const apart = group[culprit ?? 0];
      if (culprit === undefined && group.length > 1) {
        this.stats.split += 1;
        const half = Math.ceil(group.length / 2);
        groups.unshift(group.slice(0, half), group.slice(half));
        continue;
      }
      assert(apart !== undefined, () => `no command ${culprit ?? 0} in a group of ${group.length}`);
      if (jobs.length > 1) this.stats.setApart += 1;
      this.fail([apart], err, jobs.length > 1 ? 'set apart, the rest of its batch runs' : 'failed');
      const rest = group.filter((job) => job !== apart);
      if (rest.length > 0) groups.unshift(rest);
    }
  }

  /**
   * One transaction over `jobs`: a command refused before it changed anything is answered with
   * its refusal and the others go on; on commit every command hears back. Answers the failure
   * otherwise (none of its commands has heard anything), after rebuilding the book if it moved:
   * `culprit` when a command threw in memory, `before` when the batch never started.
   */
  private async attempt(
    jobs: Job[],
  ): Promise<{ err: unknown; culprit?: number; before?: boolean } | undefined> {
    let fees: FeeRates;
    try {
      if (this.stale) {
        await this.rebuild();
        this.stale = false;
      }
      fees = await this.deps.hooks.fees();
    } catch (err) {
      return { err, before: true };
    }
    const outcomes: ({ ok: true; id: number } | { ok: false; err: unknown })[] = [];
    const state = { moved: false };
    let written: Awaited<ReturnType<Desk['transact']>>;
    try {
      written = await this.deps.ledger.atomically(
        (tx) => this.transact(tx, jobs, fees, outcomes, state),
        'engine',
      );
    } catch (err) {
      if (state.moved) await this.recover();
      if (err instanceof CommandFault) return { err: err.cause, culprit: err.index };
      return { err };
    }
    this.recordTrades(written.trades);
    this.committed(written.touched);
    for (const [i, job] of jobs.entries()) {
      const outcome = outcomes[i];
      assert(outcome !== undefined, () => `command ${i} of a batch has no outcome`);
      if (outcome.ok) job.resolve(outcome.id > 0 ? written.rows.get(outcome.id) : undefined);
      else job.reject(outcome.err);
    }
    return undefined;
  }

  /**
   * The batch's transaction: its ids, used keys and balances read, every command run in memory
   * in order, the journal written. `state.moved` says whether the engine moved, even when a
   * command threw after it had changed the book (the book is then rebuilt).
   */
  private async transact(
    tx: Tx,
    jobs: readonly Job[],
    fees: FeeRates,
    outcomes: ({ ok: true; id: number } | { ok: false; err: unknown })[],
    state: { moved: boolean },
  ) {
    // The ledger may run this again after a lost key race; the engine has moved by then.
    assert(!state.moved, () => 'a spot batch would run twice');
    outcomes.length = 0;
    const { ledger, store } = this.deps;
    const placements = jobs.flatMap((j) => j.placements);
    const start = await store.prepare(
      tx,
      placements.length,
      placements.map((p) => ({ userId: p.userId, key: p.requestKey })),
    );
    const spenders = [
      ...new Map(
        placements.map((p) => {
          const asset = this.holdAsset(p.side);
          return [`${p.userId}:${asset}`, { user: p.userId, asset }];
        }),
      ).values(),
    ];
    const balances = await ledger.balancesOf(
      tx,
      this.book,
      spenders.map((s) => ({ ...s, purpose: 'available' as const })),
    );
    const available = new Map(
      spenders.map((s, i) => [`${s.user}:${s.asset}`, balances[i] as bigint]),
    );
    const asked = jobs.flatMap((j) =>
      j.cancels !== undefined && !this.live.has(j.cancels) ? [j.cancels] : [],
    );
    const ended = new Map(
      (asked.length > 0 ? await store.ordersIn(tx, asked) : []).map((r) => [Number(r.id), r]),
    );
    const journal = new Journal(fees, start.ids, start.taken, available);
    for (const [i, job] of jobs.entries()) {
      const step = { moved: false };
      try {
        outcomes.push({ ok: true, id: job.run(journal, ended, step) });
      } catch (err) {
        if (step.moved || !(err instanceof AppError || err instanceof TwinKey)) {
          throw new CommandFault(i, err);
        }
        outcomes.push({ ok: false, err });
      } finally {
        // Even when it threw: a book it changed must be rebuilt.
        if (step.moved) state.moved = true;
      }
    }
    const written = await this.write(tx, journal);
    return { ...written, touched: journal.touched };
  }

  /** Answers commands with a failure that is no refusal (10030 at the API), logged with its cause. */
  private fail(jobs: readonly Job[], err: unknown, why: string): void {
    if (jobs.length === 0) return;
    const what = jobs.map((j) => j.label).join('; ');
    console.error(`spot desk ${this.book} ${this.pair.code}: ${what}: ${why}:`, err);
    for (const job of jobs) job.reject(err);
  }

  /**
   * The journal's writes: the orders and fills in one statement, then (named by the fills'
   * ids) every ledger batch of the batch in another.
   */
  private async write(tx: Tx, journal: Journal) {
    const { store, ledger } = this.deps;
    const created = [...journal.created.values()].map((o) => ({
      ...o,
      change: journal.changes.get(o.id),
    }));
    const changed = new Map([...journal.changes].filter(([id]) => !journal.created.has(id)));
    const { rows, fillIds } = await store.writeBatch(
      tx,
      created,
      changed,
      journal.fills.map((f) => f.row),
    );
    const moves = [...journal.moves];
    const trades: RecentTrade[] = [];
    for (const [i, fill] of journal.fills.entries()) {
      const id = fillIds[i] as number;
      const reference = spotKey.fillReference(id);
      for (const coin of ['base', 'quote'] as const) {
        const legs = fill[coin].map((l) => ({ ...l, reference }));
        if (legs.length === 0) continue;
        const asset = coin === 'base' ? this.pair.base : this.pair.quote;
        moves.push({ key: spotKey.fill(id, coin), asset, book: this.book, legs });
      }
      trades.push({ id, ...fill.trade });
    }
    await ledger.postMany(tx, moves);
    for (const order of journal.filled) {
      await this.deps.hooks.notify(tx, order.userId, {
        kind: 'spot.order-filled',
        book: this.book,
        orderId: order.id,
        code: this.pair.code,
        side: order.side,
      });
    }
    return { rows: new Map(rows.map((r) => [Number(r.id), r])), trades };
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

  /** The coin an order on this side sets aside: quote to buy, base to sell. */
  private holdAsset(side: Side): string {
    return side === 'buy' ? this.pair.quote : this.pair.base;
  }

  /**
   * Places an order in memory: every refusal is decided before anything changes; then its row,
   * its hold and its matching go into the journal. Answers its id, or 0 when `short` is
   * `skip` and the balance cannot cover it (the market maker's requote).
   */
  /**
   * Takes the platform's quotes out of a taker's way where they sit more than the band better
   * than the feed's latest price: quotes the market maker has not yet moved after a jump in the
   * feed, which a taker would otherwise buy cheap (or sell dear) from the platform. A person's
   * own resting orders are theirs to keep at any price.
   */
  private pullStaleQuotes(journal: Journal, takerSide: Side): void {
    const feed = this.deps.hooks.feedPrice(this.pair.code);
    if (feed === undefined) return;
    const bps = journal.fees.bandBps;
    const buying = takerSide === 'buy';
    const bound = this.pair.ticksAround(feed, buying ? -bps : bps, buying ? 'down' : 'up');
    for (const order of this.live.platform()) {
      if (order.side === takerSide) continue;
      if (buying ? order.priceTicks >= bound : order.priceTicks <= bound) continue;
      assert(this.engine.cancel(order.id).cancelled, () => `quote ${order.id} not in book`);
      this.end(journal, order, 'cancelled', 'requote');
      journal.touched.push({ userId: order.userId, id: order.id });
    }
  }

  private placeNow(
    journal: Journal,
    p: Placement,
    step: { moved: boolean },
    short: 'refuse' | 'skip' = 'refuse',
  ): number {
    const pair = this.pair;
    // A used key first: its replay answers what it made, whatever the book is now.
    const twin = `${p.userId}:${p.requestKey}`;
    if (journal.taken.has(twin)) throw new TwinKey();
    const refusal = this.engine.check(this.terms(p));
    if (
      refusal === 'owner_orders' ||
      refusal === 'book_orders' ||
      refusal === 'book_levels' ||
      refusal === 'level_qty'
    ) {
      throw new AppError(Code.spotOrdersFull);
    }
    assert(refusal === undefined || refusal === 'would_take', () => `refused: ${refusal}`);
    const rejected = refusal !== undefined;
    const buying = p.side === 'buy';
    const asset = this.holdAsset(p.side);
    const held = rejected
      ? 0n
      : buying
        ? pair.quoteUnits(p.priceTicks, p.lots)
        : pair.baseUnits(p.lots);
    if (held > journal.availableOf(p.userId, asset)) {
      if (short === 'skip') return 0;
      throw new AppError(Code.insufficientBalance);
    }
    // From here on the command changes the book and the journal.
    step.moved = true;
    journal.taken.add(twin);
    const id = journal.nextId();
    journal.created.set(id, {
      id,
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
    journal.touched.push({ userId: p.userId, id });
    if (rejected) return id;
    journal.adjust(p.userId, asset, -held);
    journal.moves.push({
      key: spotKey.hold(id),
      asset,
      book: this.book,
      legs: [
        {
          from: { user: p.userId, purpose: 'available' },
          to: { user: p.userId, purpose: 'held' },
          amount: held,
          kind: 'spot_hold',
          reference: `spot:${id}`,
        },
      ],
    });
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
    if (!p.platform) this.pullStaleQuotes(journal, p.side);
    const result = this.engine.place({ kind: 'place', id, ...this.terms(p) });
    assert(result.status !== 'rejected', () => `order ${id} rejected after its check`);
    this.faultAfterMatch?.({ userId: p.userId, id });
    for (const fill of result.fills) {
      const maker = this.live.get(fill.makerId);
      assert(maker !== undefined, () => `maker ${fill.makerId} is not live`);
      this.settle(journal, taker, maker, fill);
      journal.touched.push({ userId: maker.userId, id: maker.id });
      if (fill.makerRemaining === 0) {
        assert(maker.held === 0n, () => `filled maker ${maker.id} still holds ${maker.held}`);
        this.end(journal, maker, 'filled', null);
        if (!maker.platform) journal.filled.push(maker);
      } else {
        this.assertHeld(maker);
        journal.changes.set(maker.id, this.change(maker, 'waiting', null));
      }
    }
    for (const gone of result.expired) {
      const maker = this.live.get(gone.id);
      assert(maker !== undefined, () => `expired ${gone.id} is not live`);
      this.end(journal, maker, 'cancelled', 'self_trade');
      journal.touched.push({ userId: maker.userId, id: maker.id });
    }
    if (result.status === 'resting') {
      this.assertHeld(taker);
      if (result.fills.length > 0) journal.changes.set(id, this.change(taker, 'waiting', null));
      this.live.add(taker);
      return id;
    }
    const all = result.status === 'filled';
    const traded = taker.filledLots > 0;
    const status =
      p.type === 'market' ? (traded ? 'success' : 'cancelled') : all ? 'filled' : 'cancelled';
    const bounded = result.fills.length + result.expired.length >= this.deps.limits.fillsPerCommand;
    this.end(journal, taker, status, all ? null : bounded ? 'fills_limit' : 'unfilled');
    return id;
  }

  /**
   * One trade's money: the seller's held base goes to the buyer, who pays the buyer's fee from
   * it; the buyer's held quote goes to the seller, who pays the seller's fee from it; a buyer
   * who bid above the trade price gets the difference back from its hold at once, so a resting
   * order always holds exactly its limit x what is left. Each fee leg leaves its payer's own
   * account, so the journal says who paid it (a referral share follows that person).
   */
  private settle(journal: Journal, taker: Live, maker: Live, fill: Fill): void {
    const pair = this.pair;
    const { fees } = journal;
    const buyer = taker.side === 'buy' ? taker : maker;
    const seller = taker.side === 'buy' ? maker : taker;
    const base = pair.baseUnits(fill.qty);
    const quote = pair.quoteUnits(fill.price, fill.qty);
    const atLimit = pair.quoteUnits(buyer.priceTicks, fill.qty);
    assert(atLimit >= quote, () => `buyer ${buyer.id} pays above its limit`);
    const buyerFee = feeUnits(base, buyer === taker ? fees.taker : fees.maker);
    const sellerFee = feeUnits(quote, seller === taker ? fees.taker : fees.maker);
    const price = pair.priceOf(fill.price);
    const legs = (list: Leg[]) => list.filter((l) => l.amount > 0n);
    journal.fills.push({
      row: {
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
      },
      base: legs([
        {
          from: { user: seller.userId, purpose: 'held' },
          to: { user: buyer.userId, purpose: 'available' },
          amount: base,
          kind: 'spot_trade',
        },
        {
          from: { user: buyer.userId, purpose: 'available' },
          to: { platform: 'fees' },
          amount: buyerFee,
          kind: 'spot_fee',
        },
      ]),
      quote: legs([
        {
          from: { user: buyer.userId, purpose: 'held' },
          to: { user: seller.userId, purpose: 'available' },
          amount: quote,
          kind: 'spot_trade',
        },
        {
          from: { user: seller.userId, purpose: 'available' },
          to: { platform: 'fees' },
          amount: sellerFee,
          kind: 'spot_fee',
        },
        {
          from: { user: buyer.userId, purpose: 'held' },
          to: { user: buyer.userId, purpose: 'available' },
          amount: atLimit - quote,
          kind: 'spot_release',
        },
      ]),
      trade: { price, qty: pair.qtyOf(fill.qty), side: taker.side, at: Date.now() },
    });
    journal.adjust(buyer.userId, pair.base, base - buyerFee);
    journal.adjust(seller.userId, pair.quote, quote - sellerFee);
    journal.adjust(buyer.userId, pair.quote, atLimit - quote);
    for (const o of [taker, maker]) o.filledLots += fill.qty;
    taker.turnover += quote;
    maker.turnover += quote;
    buyer.fee += buyerFee;
    seller.fee += sellerFee;
    buyer.held -= atLimit;
    seller.held -= base;
    assert(buyer.held >= 0n && seller.held >= 0n, () => `a fill of ${taker.id} overdraws a hold`);
  }

  /** Ends an order: what it still holds goes back to its owner. */
  private end(
    journal: Journal,
    order: Live,
    status: 'filled' | 'cancelled' | 'success',
    reason: string | null,
  ): void {
    if (order.held > 0n) {
      const asset = this.holdAsset(order.side);
      journal.moves.push({
        key: spotKey.release(order.id),
        asset,
        book: this.book,
        legs: [
          {
            from: { user: order.userId, purpose: 'held' },
            to: { user: order.userId, purpose: 'available' },
            amount: order.held,
            kind: 'spot_release',
            reference: `spot:${order.id}`,
          },
        ],
      });
      journal.adjust(order.userId, asset, order.held);
      order.held = 0n;
    }
    journal.changes.set(order.id, this.change(order, status, reason));
    journal.ended.set(order.id, order.userId);
    this.live.remove(order);
  }

  private change(order: Live, status: OrderRow['status'], reason: string | null): OrderChange {
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

  /** The committed batch's trades, newest first, become the book's recent trades. */
  private recordTrades(trades: readonly RecentTrade[]): void {
    if (trades.length === 0) return;
    this.trades = [...trades].reverse().concat(this.trades).slice(0, SPOT_LIMITS.recentTrades);
    this.lastPrice = trades[trades.length - 1]?.price ?? this.lastPrice;
  }

  private committed(touched: readonly { userId: number; id: number }[]): void {
    this.seq += 1;
    this.deps.hooks.changed(this.book, this.pair.code, touched);
  }
}

/** The ledger refused a batch's post: a balance it read would have gone below zero. */
function spentMeanwhile(err: unknown): boolean {
  return err instanceof LedgerError && err.reason === 'insufficient_funds';
}

/**
 * A failure that says nothing of the batch's commands: PostgreSQL rolled it back for a deadlock
 * (40P01) or a serialization failure (40001), or a balance it read was spent before it posted.
 */
function transient(err: unknown): boolean {
  return isTransient(err) || spentMeanwhile(err);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
