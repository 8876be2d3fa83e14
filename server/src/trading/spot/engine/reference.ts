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
} from './types.ts';

interface Resting {
  id: number;
  owner: number;
  side: 'buy' | 'sell';
  price: number;
  remaining: number;
  platform: boolean;
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * The reference model of OrderBook: each side one array of resting orders kept in priority order
 * (best price first, oldest first within a price), scanned from the front. Obviously right rather
 * than fast; the property test holds OrderBook to it, command by command.
 *
 * Its rules, written down once, each refusal in the order it is checked: an order is refused
 * (nothing changes) when its id is not a positive safe integer; when its id rests or was ever
 * accepted before (or is at or below the id a rebuilt book resumed after); when its quantity or
 * price is not a positive safe integer (a limit needs a price, a market may carry one as its
 * protection); and, for a limit that may rest (gtc or post-only), before any matching: post-only
 * that crosses the best opposite price; its owner at ordersPerOwner resting orders; the book at
 * ordersPerBook; a price that is not yet a level on its side while that side has levelsPerSide
 * levels; its quantity and what already rests at its price on its side together past
 * Number.MAX_SAFE_INTEGER (a level's total stays exact). A taker meets the
 * opposite side's best order while the price allows; one of its own owner's is taken out
 * (expired), any other trades at its price. Each fill and expiry counts; at fillsPerCommand the
 * matching stops and the rest of the taker is cancelled. What is left of a gtc or post-only limit
 * then rests; of an ioc or market order it is cancelled.
 */
export class ReferenceBook {
  /** Best (highest) price first, oldest first within a price. */
  private bids: Resting[] = [];
  /** Best (lowest) price first, oldest first within a price. */
  private asks: Resting[] = [];
  private readonly used = new Set<number>();
  /** Ids at or below this were taken before a rebuild (`resumeAfter`). */
  private floor = 0;

  constructor(private readonly limits: EngineLimits) {}

  get size(): number {
    return this.bids.length + this.asks.length;
  }

  apply(cmd: Command): Result {
    return cmd.kind === 'place' ? this.place(cmd) : this.cancel(cmd.id);
  }

  place(cmd: PlaceCommand): PlaceResult {
    const reason = this.refusal(cmd);
    if (reason !== undefined) {
      return {
        kind: 'place',
        id: cmd.id,
        status: 'rejected',
        reason,
        fills: [],
        expired: [],
        remaining: cmd.qty,
      };
    }
    this.used.add(cmd.id);
    const fills: Fill[] = [];
    const expired: Expired[] = [];
    const opposite = cmd.side === 'buy' ? this.asks : this.bids;
    let remaining = cmd.qty;
    let bounded = false;
    while (remaining > 0) {
      const maker = opposite[0];
      if (maker === undefined || !this.reaches(cmd, maker.price)) break;
      if (maker.owner === cmd.owner) {
        expired.push({ id: maker.id, owner: maker.owner, remaining: maker.remaining });
        opposite.shift();
      } else {
        const qty = Math.min(maker.remaining, remaining);
        remaining -= qty;
        maker.remaining -= qty;
        fills.push({
          makerId: maker.id,
          makerOwner: maker.owner,
          takerId: cmd.id,
          price: maker.price,
          qty,
          makerRemaining: maker.remaining,
        });
        if (maker.remaining === 0) opposite.shift();
      }
      if (fills.length + expired.length >= this.limits.fillsPerCommand) {
        bounded = true;
        break;
      }
    }
    let status: PlaceResult['status'];
    if (remaining === 0) status = 'filled';
    else if (bounded || cmd.type === 'market' || cmd.tif === 'ioc') status = 'cancelled';
    else {
      this.insert({
        id: cmd.id,
        owner: cmd.owner,
        side: cmd.side,
        price: cmd.price as number,
        remaining,
        platform: cmd.platform,
      });
      status = 'resting';
    }
    return { kind: 'place', id: cmd.id, status, fills, expired, remaining };
  }

  cancel(id: number): CancelResult {
    for (const side of [this.bids, this.asks]) {
      const at = side.findIndex((o) => o.id === id);
      const order = side[at];
      if (order !== undefined) {
        side.splice(at, 1);
        return {
          kind: 'cancel',
          id,
          cancelled: true,
          owner: order.owner,
          remaining: order.remaining,
        };
      }
    }
    return { kind: 'cancel', id, cancelled: false, remaining: 0 };
  }

  /** Puts a stored open order back behind those already at its price; never matches. */
  restore(order: RestingOrder): void {
    this.used.add(order.id);
    this.insert({ ...order });
  }

  /** Every id up to `lastId` counts as taken, as it does for OrderBook after a rebuild. */
  resumeAfter(lastId: number): void {
    this.floor = Math.max(this.floor, lastId);
  }

  depth(levels: number): Depth {
    const view = (side: Resting[]): DepthLevel[] => {
      const out: { price: number; qty: number; platformQty: number; orders: number }[] = [];
      for (const o of side) {
        let last = out[out.length - 1];
        if (last === undefined || last.price !== o.price) {
          if (out.length === levels) break;
          last = { price: o.price, qty: 0, platformQty: 0, orders: 0 };
          out.push(last);
        }
        last.qty += o.remaining;
        if (o.platform) last.platformQty += o.remaining;
        last.orders += 1;
      }
      return out;
    };
    return { bids: view(this.bids), asks: view(this.asks) };
  }

  /** Bids best first, then asks best first; oldest first within a price. */
  resting(): RestingOrder[] {
    return [...this.bids, ...this.asks].map((o) => ({
      id: o.id,
      owner: o.owner,
      side: o.side,
      price: o.price,
      remaining: o.remaining,
      platform: o.platform,
    }));
  }

  private refusal(cmd: PlaceCommand): RejectReason | undefined {
    if (!isCount(cmd.id)) return 'invalid';
    if (this.used.has(cmd.id) || cmd.id <= this.floor) return 'duplicate_id';
    if (!isCount(cmd.qty)) return 'invalid';
    if (cmd.type === 'limit' && !isCount(cmd.price)) return 'invalid';
    if (cmd.type === 'market' && cmd.price !== undefined && !isCount(cmd.price)) return 'invalid';
    if (cmd.type === 'market' || cmd.tif === 'ioc') return undefined;
    const price = cmd.price as number;
    const opposite = cmd.side === 'buy' ? this.asks : this.bids;
    const own = cmd.side === 'buy' ? this.bids : this.asks;
    const best = opposite[0];
    if (cmd.tif === 'post_only' && best !== undefined && this.reaches(cmd, best.price)) {
      return 'would_take';
    }
    const all = [...this.bids, ...this.asks];
    if (all.filter((o) => o.owner === cmd.owner).length >= this.limits.ordersPerOwner) {
      return 'owner_orders';
    }
    if (all.length >= this.limits.ordersPerBook) return 'book_orders';
    const levels = new Set(own.map((o) => o.price));
    if (!levels.has(price) && levels.size >= this.limits.levelsPerSide) return 'book_levels';
    // Summed as bigints: the model's total is exact whatever the engine's is.
    const atPrice = own.filter((o) => o.price === price);
    const total = atPrice.reduce((sum, o) => sum + BigInt(o.remaining), BigInt(cmd.qty));
    if (total > BigInt(Number.MAX_SAFE_INTEGER)) return 'level_qty';
    return undefined;
  }

  /** Whether the taker's price (none: any) allows trading at `price`. */
  private reaches(cmd: PlaceCommand, price: number): boolean {
    if (cmd.price === undefined) return true;
    return cmd.side === 'buy' ? price <= cmd.price : price >= cmd.price;
  }

  /** Behind every order of its side at a better or the same price. */
  private insert(order: Resting): void {
    const side = order.side === 'buy' ? this.bids : this.asks;
    const ahead = (o: Resting) =>
      order.side === 'buy' ? o.price >= order.price : o.price <= order.price;
    let at = 0;
    while (at < side.length && ahead(side[at] as Resting)) at++;
    side.splice(at, 0, order);
  }
}
