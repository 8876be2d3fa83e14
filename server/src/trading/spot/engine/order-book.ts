import { assert } from '../../../assert.ts';
import type {
  CancelResult,
  Command,
  Depth,
  DepthLevel,
  EngineLimits,
  Expired,
  Fill,
  PlaceCommand,
  PlaceResult,
  RejectReason,
  RestingOrder,
  Result,
  Side,
} from './types.ts';

export const DEFAULT_LIMITS: EngineLimits = {
  ordersPerOwner: 200,
  levelsPerSide: 10_000,
  ordersPerBook: 200_000,
  fillsPerCommand: 1_000,
};

/** An owner's count of resting orders, held by each of its nodes so a removal needs no lookup. */
interface Owner {
  readonly id: number;
  orders: number;
}

/**
 * A resting order: a node of its price level's FIFO list. Mutable because a node that leaves the
 * book is kept and reused for a later order, which spares the garbage collector most of its work.
 */
interface Node {
  id: number;
  owner: Owner;
  platform: boolean;
  remaining: number;
  level: Level;
  prev: Node | null;
  next: Node | null;
}

/** One price on one side: its orders oldest first, with running totals for the depth (reused too). */
interface Level {
  price: number;
  readonly side: SideLevels;
  head: Node | null;
  tail: Node | null;
  qty: number;
  platformQty: number;
  orders: number;
}

/**
 * One side's levels in a sorted array whose best price is at the end, so the level most often
 * emptied (the best) is popped in O(1). A price is found by binary search over `keys`, the
 * prices in a parallel array of plain numbers (contiguous, unlike the level objects), negated
 * for asks so that both sides sort ascending towards the best.
 *
 * A level emptied away from the best stays in place, empty: orders come back to the same prices,
 * and taking it out and putting it back would each move the array's tail. Empty levels are swept
 * out once they outnumber the others, so the array stays within twice the live levels. Levels
 * taken out are kept for reuse; there are never more than the array once held.
 */
class SideLevels {
  readonly levels: Level[] = [];
  private readonly keys: number[] = [];
  private readonly spare: Level[] = [];
  private readonly sign: 1 | -1;
  /** Levels with orders, the ones that count against levelsPerSide. */
  live = 0;
  /**
   * At least the largest total any level of this side holds (the most it held since the side
   * was last empty): while an order's quantity fits under MAX_SAFE_INTEGER less this, no level
   * can overflow and the check needs no search.
   */
  peak = 0;

  constructor(readonly side: Side) {
    this.sign = side === 'buy' ? 1 : -1;
  }

  /** The best level; never an empty one. */
  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** How many levels are worse than `price`: the index of its level, or where it would go. */
  private search(price: number): number {
    const keys = this.keys;
    const n = keys.length;
    const key = price * this.sign;
    const best = keys[n - 1];
    if (best === undefined || best < key) return n;
    // Keys are distinct whole ticks, so at most best - key of them lie from `key` to the best:
    // the index is at least this bound, and right at it where the levels are a tick apart, as
    // they mostly are near the touch. Gallop up from there, then halve the last step.
    let lo = Math.max(0, n - 1 - (best - key));
    let hi = lo;
    for (let step = 1; (keys[hi] as number) < key; step *= 2) {
      lo = hi + 1;
      hi = Math.min(n - 1, hi + step);
    }
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] as number) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether a level with orders stands at this price. */
  has(price: number): boolean {
    const at = this.search(price);
    return this.keys[at] === price * this.sign && (this.levels[at] as Level).orders > 0;
  }

  /** The total quantity resting at this price (0: no level, or an empty one). */
  qtyAt(price: number): number {
    const at = this.search(price);
    return this.keys[at] === price * this.sign ? (this.levels[at] as Level).qty : 0;
  }

  /** The level an order at this price joins (made, or found, live or empty). */
  levelAt(price: number): Level {
    const levels = this.levels;
    const key = price * this.sign;
    const at = this.search(price);
    let level: Level;
    if (this.keys[at] === key) level = levels[at] as Level;
    else {
      level = this.spare.pop() ?? {
        price,
        side: this,
        head: null,
        tail: null,
        qty: 0,
        platformQty: 0,
        orders: 0,
      };
      level.price = price;
      if (at === levels.length) {
        levels.push(level);
        this.keys.push(key);
      } else {
        levels.splice(at, 0, level);
        this.keys.splice(at, 0, key);
      }
    }
    if (level.orders === 0) this.live += 1;
    return level;
  }

  /** Called when a level's last order leaves it. */
  emptied(level: Level): void {
    this.live -= 1;
    if (this.live === 0) this.peak = 0;
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      // The best must have orders: drop it and the empty levels behind it.
      do {
        this.spare.push(levels.pop() as Level);
        this.keys.pop();
      } while (levels.length > 0 && (levels[levels.length - 1] as Level).orders === 0);
    } else if (levels.length > 2 * this.live) this.sweep();
  }

  private sweep(): void {
    const { levels, keys } = this;
    let kept = 0;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i] as Level;
      if (level.orders === 0) {
        this.spare.push(level);
        continue;
      }
      levels[kept] = level;
      keys[kept] = keys[i] as number;
      kept += 1;
    }
    assert(
      kept === this.live,
      () => `${this.side}: ${kept} levels with orders, ${this.live} counted`,
    );
    levels.length = kept;
    keys.length = kept;
  }
}

/** 2^-32: an id times this, truncated, is its bits above the low 32 (ids are safe integers). */
const HIGH_WORD = 1 / 4_294_967_296;

/**
 * Records by their numeric id (orders by order id, owners by owner id): an open-addressing table
 * (linear probing, at most half full, so a probe always meets an empty slot within one lap). A
 * Map costs more on every cancel and rest, the engine's commonest commands. It grows with the
 * records it holds, which the limits bound, and never shrinks. Exported for its tests.
 */
export class ById<T extends { readonly id: number }> {
  private slots: (T | null)[] = new Array<T | null>(64).fill(null);
  private mask = 63;
  /** 32 less log2 of the slot count: the top bits of the scrambled id pick the home slot. */
  private shift = 26;
  size = 0;

  /**
   * Fibonacci hashing of the whole id: its bits above the low 32, scrambled by an odd multiplier,
   * folded into the low 32, then times 2^32 over the golden ratio, top bits. It scatters ids that
   * are close or evenly spaced, which would otherwise pile up in runs; with the low 32 bits alone,
   * ids 2^32 apart shared one home slot and made every probe walk them all.
   */
  private home(id: number): number {
    // Below 2^32 the high bits are 0 and folding them changes nothing: spare the hot path.
    const mixed = id <= 0xffffffff ? id : id ^ Math.imul((id * HIGH_WORD) | 0, 0x85ebca6b);
    return Math.imul(mixed, 0x9e3779b1) >>> this.shift;
  }

  /** Slots a lookup of `id` visits (its tests bound the runs, not the time). */
  probes(id: number): number {
    const mask = this.mask;
    let i = this.home(id);
    for (let probes = 1; probes <= mask; i = (i + 1) & mask, probes++) {
      const item = this.slots[i] as T | null;
      if (item === null || item.id === id) return probes;
    }
    return mask + 1;
  }

  get(id: number): T | undefined {
    const mask = this.mask;
    for (let i = this.home(id), probes = 0; probes <= mask; i = (i + 1) & mask, probes++) {
      const item = this.slots[i] as T | null;
      if (item === null) return undefined;
      if (item.id === id) return item;
    }
    return undefined;
  }

  /** Adds a record whose id is not in the table. */
  add(item: T): void {
    if ((this.size + 1) * 2 > this.slots.length) this.grow();
    this.put(item);
    this.size += 1;
  }

  delete(item: T): void {
    const slots = this.slots;
    const mask = this.mask;
    let hole = this.home(item.id);
    for (let probes = 0; slots[hole] !== item; probes++) {
      assert(probes < mask, () => `${item.id} not in the table`);
      hole = (hole + 1) & mask;
    }
    // Shift back every later record of the run that may sit in the hole, so that no probe meets
    // an empty slot before its record (no tombstones to clean up).
    for (let j = (hole + 1) & mask, probes = 0; probes < mask; j = (j + 1) & mask, probes++) {
      const next = slots[j] as T | null;
      if (next === null) break;
      if (((j - this.home(next.id)) & mask) >= ((j - hole) & mask)) {
        slots[hole] = next;
        hole = j;
      }
    }
    slots[hole] = null;
    this.size -= 1;
  }

  private put(item: T): void {
    const mask = this.mask;
    let i = this.home(item.id);
    for (let probes = 0; this.slots[i] !== null; probes++) {
      assert(probes < mask, () => `no free slot for ${item.id}`);
      i = (i + 1) & mask;
    }
    this.slots[i] = item;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Array<T | null>(old.length * 2).fill(null);
    this.mask = this.slots.length - 1;
    this.shift -= 1;
    for (const item of old) if (item !== null) this.put(item);
  }
}

/** The fills and expiries of a command that met nothing: shared, so nothing is allocated. */
const NONE: readonly never[] = Object.freeze([]);

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * One pair's limit order book and its matching: price-time priority, limit and market orders,
 * IOC and post-only, self-trade prevention that cancels the resting order. Pure and
 * deterministic (no clock, no randomness, no I/O): the same commands give the same fills and
 * book, which is what lets the service rebuild it from the database and the property test
 * compare it with a plain model. Every loop is bounded by the limits.
 */
export class OrderBook {
  private readonly bids = new SideLevels('buy');
  private readonly asks = new SideLevels('sell');
  private readonly byId = new ById<Node>();
  /** Owners with resting orders; one leaves when its count drops to 0. */
  private readonly owners = new ById<Owner>();
  /**
   * Ids only grow (the order rows' identity), so one number remembers every id ever placed and
   * a replayed command cannot trade twice. A rebuilt book learns it through `resumeAfter`.
   */
  private lastId = 0;
  /** Nodes that left the book, to reuse: never more than the most that rested at once. */
  private readonly spare: Node[] = [];

  constructor(private readonly limits: EngineLimits = DEFAULT_LIMITS) {}

  get size(): number {
    return this.byId.size;
  }

  apply(cmd: Command): Result {
    return cmd.kind === 'place' ? this.place(cmd) : this.cancel(cmd.id);
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  ordersOf(owner: number): number {
    return this.owners.get(owner)?.orders ?? 0;
  }

  place(cmd: PlaceCommand): PlaceResult {
    const refusal = this.refusal(cmd);
    if (refusal !== undefined) {
      return {
        kind: 'place',
        id: cmd.id,
        status: 'rejected',
        reason: refusal,
        fills: [],
        expired: [],
        remaining: cmd.qty,
      };
    }
    this.remember(cmd.id);
    let fills: readonly Fill[] = NONE;
    let expired: readonly Expired[] = NONE;
    let remaining = cmd.qty;
    // Most orders are passive: they meet nothing and allocate no arrays.
    if (this.meets(cmd)) {
      const f: Fill[] = [];
      const e: Expired[] = [];
      remaining = this.match(cmd, f, e);
      fills = f;
      expired = e;
    }
    const rests = cmd.type === 'limit' && cmd.tif !== 'ioc';
    let status: PlaceResult['status'];
    if (remaining === 0) status = 'filled';
    else if (rests && fills.length + expired.length < this.limits.fillsPerCommand) {
      this.rest(cmd, remaining);
      status = 'resting';
    } else status = 'cancelled';
    return { kind: 'place', id: cmd.id, status, fills, expired, remaining };
  }

  cancel(id: number): CancelResult {
    const node = this.byId.get(id);
    if (node === undefined) return { kind: 'cancel', id, cancelled: false, remaining: 0 };
    const result: CancelResult = {
      kind: 'cancel',
      id,
      cancelled: true,
      owner: node.owner.id,
      remaining: node.remaining,
    };
    this.unlink(node);
    return result;
  }

  /** Puts a stored open order back, in the order they were placed; never matches. */
  restore(order: RestingOrder): void {
    assert(isCount(order.id) && isCount(order.price) && isCount(order.remaining), () =>
      JSON.stringify(order),
    );
    assert(order.id > this.lastId, () => `order ${order.id} restored out of order`);
    const opposite = order.side === 'buy' ? this.asks.best() : this.bids.best();
    assert(
      opposite === undefined ||
        (order.side === 'buy' ? order.price < opposite.price : order.price > opposite.price),
      () => `restoring order ${order.id} would cross the book`,
    );
    const own = order.side === 'buy' ? this.bids : this.asks;
    assert(
      order.remaining <= Number.MAX_SAFE_INTEGER - own.qtyAt(order.price),
      () => `restoring order ${order.id} would pass the safe total at ${order.price}`,
    );
    this.remember(order.id);
    this.rest(
      {
        kind: 'place',
        id: order.id,
        owner: order.owner,
        side: order.side,
        price: order.price,
        qty: order.remaining,
        type: 'limit',
        tif: 'gtc',
        platform: order.platform,
      },
      order.remaining,
    );
  }

  /**
   * After the resting orders are restored: every id up to `lastId` (the highest any order row
   * had when the book was rebuilt) was taken before, so each is refused as a replay, as it was by
   * the book that took it, not only those of the orders still resting.
   */
  resumeAfter(lastId: number): void {
    assert(lastId === 0 || isCount(lastId), () => `resuming after ${lastId}, not a safe id`);
    if (lastId > this.lastId) this.lastId = lastId;
  }

  depth(levels: number): Depth {
    const view = (side: SideLevels): DepthLevel[] => {
      const out: DepthLevel[] = [];
      const all = side.levels;
      for (let i = all.length - 1; i >= 0 && out.length < levels; i--) {
        const l = all[i] as Level;
        if (l.orders > 0)
          out.push({ price: l.price, qty: l.qty, platformQty: l.platformQty, orders: l.orders });
      }
      return out;
    };
    return { bids: view(this.bids), asks: view(this.asks) };
  }

  /** Every resting order, bids best first then asks best first, oldest first within a price. */
  resting(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const side of [this.bids, this.asks]) {
      for (let i = side.levels.length - 1; i >= 0; i--) {
        const level = side.levels[i] as Level;
        for (let n = level.head; n !== null; n = n.next) {
          out.push({
            id: n.id,
            owner: n.owner.id,
            side: side.side,
            price: level.price,
            remaining: n.remaining,
            platform: n.platform,
          });
        }
      }
    }
    return out;
  }

  /** Why the order cannot be taken at all (nothing changes), or undefined. */
  private refusal(cmd: PlaceCommand): RejectReason | undefined {
    if (!isCount(cmd.id)) return 'invalid';
    if (cmd.id <= this.lastId) return 'duplicate_id';
    return this.check(cmd);
  }

  /**
   * Why an order with these terms would be refused now, whatever its id: the service asks
   * before it writes the order and its hold, so a refused order moves no money.
   */
  check(cmd: Omit<PlaceCommand, 'id' | 'kind'>): RejectReason | undefined {
    if (!isCount(cmd.qty)) return 'invalid';
    if (cmd.type === 'limit' ? !isCount(cmd.price) : cmd.price !== undefined && !isCount(cmd.price))
      return 'invalid';
    if (cmd.type === 'market' || cmd.tif === 'ioc') return undefined;
    const price = cmd.price as number;
    if (cmd.tif === 'post_only' && this.meets(cmd)) return 'would_take';
    if (this.ordersOf(cmd.owner) >= this.limits.ordersPerOwner) return 'owner_orders';
    if (this.byId.size >= this.limits.ordersPerBook) return 'book_orders';
    const own = cmd.side === 'buy' ? this.bids : this.asks;
    if (own.live >= this.limits.levelsPerSide && !own.has(price)) return 'book_levels';
    // A level's total must stay exact, or emptying it would leave it behind as the best.
    const room = Number.MAX_SAFE_INTEGER - cmd.qty;
    if (own.peak > room && own.qtyAt(price) > room) return 'level_qty';
    return undefined;
  }

  private remember(id: number): void {
    this.lastId = id;
  }

  /** Whether the order's price allows it to meet the opposite side's best order. */
  private meets(cmd: Pick<PlaceCommand, 'side' | 'price'>): boolean {
    const level = (cmd.side === 'buy' ? this.asks : this.bids).best();
    return level !== undefined && this.allows(cmd, level.price);
  }

  private allows(cmd: Pick<PlaceCommand, 'side' | 'price'>, price: number): boolean {
    const limit = cmd.price;
    return limit === undefined || (cmd.side === 'buy' ? price <= limit : price >= limit);
  }

  /** Takes from the opposite side while the price allows; returns what is left of the taker. */
  private match(cmd: PlaceCommand, fills: Fill[], expired: Expired[]): number {
    const book = cmd.side === 'buy' ? this.asks : this.bids;
    const bound = this.limits.fillsPerCommand;
    let left = cmd.qty;
    while (left > 0 && fills.length + expired.length < bound) {
      const level = book.best();
      if (level === undefined || !this.allows(cmd, level.price)) break;
      const maker = level.head as Node;
      if (maker.owner.id === cmd.owner) {
        expired.push({ id: maker.id, owner: cmd.owner, remaining: maker.remaining });
        this.unlink(maker);
        continue;
      }
      const qty = maker.remaining < left ? maker.remaining : left;
      left -= qty;
      maker.remaining -= qty;
      level.qty -= qty;
      if (maker.platform) level.platformQty -= qty;
      fills.push({
        makerId: maker.id,
        makerOwner: maker.owner.id,
        takerId: cmd.id,
        price: level.price,
        qty,
        makerRemaining: maker.remaining,
      });
      if (maker.remaining === 0) this.unlink(maker);
    }
    return left;
  }

  private rest(cmd: PlaceCommand, qty: number): void {
    const level = (cmd.side === 'buy' ? this.bids : this.asks).levelAt(cmd.price as number);
    let owner = this.owners.get(cmd.owner);
    if (owner === undefined) {
      owner = { id: cmd.owner, orders: 0 };
      this.owners.add(owner);
    }
    owner.orders += 1;
    let node = this.spare.pop();
    // A new node only when none is spare; its fields are set below, as a reused one's are.
    if (node === undefined) {
      node = { id: 0, owner, platform: false, remaining: 0, level, prev: null, next: null };
    }
    node.id = cmd.id;
    node.owner = owner;
    node.platform = cmd.platform;
    node.remaining = qty;
    node.level = level;
    node.prev = level.tail;
    node.next = null;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.qty += qty;
    if (level.qty > level.side.peak) level.side.peak = level.qty;
    if (node.platform) level.platformQty += qty;
    level.orders += 1;
    this.byId.add(node);
  }

  /** Takes a resting order out of its level (and the level out of the book once empty). */
  private unlink(node: Node): void {
    const level = node.level;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.qty -= node.remaining;
    if (node.platform) level.platformQty -= node.remaining;
    level.orders -= 1;
    this.byId.delete(node);
    node.owner.orders -= 1;
    if (node.owner.orders === 0) this.owners.delete(node.owner);
    if (level.orders === 0) {
      assert(level.qty === 0 && level.head === null, () => `level ${level.price} emptied`);
      level.side.emptied(level);
    }
    this.spare.push(node);
  }
}
