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

/** A resting order: a node of its price level's FIFO list. */
interface Node {
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  readonly platform: boolean;
  remaining: number;
  level: Level;
  prev: Node | undefined;
  next: Node | undefined;
}

/** One price on one side: its orders oldest first, with running totals for the depth. */
interface Level {
  readonly price: number;
  head: Node | undefined;
  tail: Node | undefined;
  qty: number;
  platformQty: number;
  orders: number;
}

/**
 * One side's levels in a sorted array whose best price is at the end, so the level most often
 * emptied (the best) is popped in O(1); a new level is placed by binary search.
 */
class SideLevels {
  readonly levels: Level[] = [];
  readonly byPrice = new Map<number, Level>();

  constructor(private readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Whether `a` is a worse price than `b` for this side (sorts towards the front). */
  private worse(a: number, b: number): boolean {
    return this.side === 'buy' ? a < b : a > b;
  }

  levelAt(price: number): Level {
    const found = this.byPrice.get(price);
    if (found !== undefined) return found;
    const level: Level = {
      price,
      head: undefined,
      tail: undefined,
      qty: 0,
      platformQty: 0,
      orders: 0,
    };
    const levels = this.levels;
    const last = levels[levels.length - 1];
    if (last === undefined || this.worse(last.price, price)) {
      levels.push(level);
    } else {
      let lo = 0;
      let hi = levels.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.worse((levels[mid] as Level).price, price)) lo = mid + 1;
        else hi = mid;
      }
      levels.splice(lo, 0, level);
    }
    this.byPrice.set(price, level);
    return level;
  }

  remove(level: Level): void {
    this.byPrice.delete(level.price);
    const levels = this.levels;
    if (levels[levels.length - 1] === level) {
      levels.pop();
      return;
    }
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.worse((levels[mid] as Level).price, level.price)) lo = mid + 1;
      else hi = mid;
    }
    assert(levels[lo] === level, () => `level ${level.price} not found on ${this.side}`);
    levels.splice(lo, 1);
  }
}

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
  private readonly byId = new Map<number, Node>();
  private readonly perOwner = new Map<number, number>();
  /**
   * Ids only grow (the order rows' identity), so one number remembers every id ever placed and
   * a replayed command cannot trade twice.
   */
  private lastId = 0;

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
    return this.perOwner.get(owner) ?? 0;
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
    const fills: Fill[] = [];
    const expired: Expired[] = [];
    const remaining = this.match(cmd, fills, expired);
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
    this.unlink(node);
    return { kind: 'cancel', id, cancelled: true, owner: node.owner, remaining: node.remaining };
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

  depth(levels: number): Depth {
    const view = (side: SideLevels): DepthLevel[] => {
      const out: DepthLevel[] = [];
      const all = side.levels;
      for (let i = all.length - 1; i >= 0 && out.length < levels; i--) {
        const l = all[i] as Level;
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
        for (let n = (side.levels[i] as Level).head; n !== undefined; n = n.next) {
          out.push({
            id: n.id,
            owner: n.owner,
            side: n.side,
            price: n.price,
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
    const opposite = cmd.side === 'buy' ? this.asks.best() : this.bids.best();
    const crosses =
      opposite !== undefined &&
      (cmd.side === 'buy' ? opposite.price <= price : opposite.price >= price);
    if (cmd.tif === 'post_only' && crosses) return 'would_take';
    if (this.ordersOf(cmd.owner) >= this.limits.ordersPerOwner) return 'owner_orders';
    if (this.byId.size >= this.limits.ordersPerBook) return 'book_orders';
    const own = cmd.side === 'buy' ? this.bids : this.asks;
    if (!own.byPrice.has(price) && own.levels.length >= this.limits.levelsPerSide)
      return 'book_levels';
    return undefined;
  }

  private remember(id: number): void {
    this.lastId = id;
  }

  /** Takes from the opposite side while the price allows; returns what is left of the taker. */
  private match(cmd: PlaceCommand, fills: Fill[], expired: Expired[]): number {
    const book = cmd.side === 'buy' ? this.asks : this.bids;
    const limit = cmd.price;
    const bound = this.limits.fillsPerCommand;
    let left = cmd.qty;
    while (left > 0 && fills.length + expired.length < bound) {
      const level = book.best();
      if (level === undefined) break;
      if (limit !== undefined && (cmd.side === 'buy' ? level.price > limit : level.price < limit))
        break;
      const maker = level.head as Node;
      if (maker.owner === cmd.owner) {
        expired.push({ id: maker.id, owner: maker.owner, remaining: maker.remaining });
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
        makerOwner: maker.owner,
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
    const side = cmd.side === 'buy' ? this.bids : this.asks;
    const level = side.levelAt(cmd.price as number);
    const node: Node = {
      id: cmd.id,
      owner: cmd.owner,
      side: cmd.side,
      price: level.price,
      platform: cmd.platform,
      remaining: qty,
      level,
      prev: level.tail,
      next: undefined,
    };
    if (level.tail === undefined) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.qty += qty;
    if (node.platform) level.platformQty += qty;
    level.orders += 1;
    this.byId.set(node.id, node);
    this.perOwner.set(node.owner, this.ordersOf(node.owner) + 1);
  }

  /** Takes a resting order out of its level (and the level out of the book once empty). */
  private unlink(node: Node): void {
    const level = node.level;
    if (node.prev === undefined) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === undefined) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.qty -= node.remaining;
    if (node.platform) level.platformQty -= node.remaining;
    level.orders -= 1;
    this.byId.delete(node.id);
    const owned = this.ordersOf(node.owner) - 1;
    if (owned === 0) this.perOwner.delete(node.owner);
    else this.perOwner.set(node.owner, owned);
    if (level.orders === 0) {
      assert(level.qty === 0 && level.head === undefined, () => `level ${level.price} emptied`);
      (node.side === 'buy' ? this.bids : this.asks).remove(level);
    }
  }
}
