/**
 * The spot matching engine's commands and results. Prices are whole ticks and quantities whole
 * lots of the pair (safe integers): the engine never sees a decimal or a balance, so it is pure
 * and fast; the spot service converts at its edge (docs/spot.md).
 */
export type Side = 'buy' | 'sell';

/** `gtc` rests what it cannot fill; `ioc` cancels it; `post_only` is refused if it would take. */
export type TimeInForce = 'gtc' | 'ioc' | 'post_only';

export interface PlaceCommand {
  readonly kind: 'place';
  /**
   * The order row's id: ids only grow within a book, so one at or below the highest taken (or
   * resumed after, on a rebuild) is a replay.
   */
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  /**
   * Limit price in ticks. A market order may carry one as its price protection (it then fills
   * nothing beyond it) or none (it takes any price in the book).
   */
  readonly price: number | undefined;
  /** Quantity in lots, > 0. */
  readonly qty: number;
  readonly type: 'limit' | 'market';
  /** Limit orders only; a market order always behaves as `ioc`. */
  readonly tif: TimeInForce;
  /** Shown as the platform's in the depth (the market maker's orders). */
  readonly platform: boolean;
}

export interface CancelCommand {
  readonly kind: 'cancel';
  readonly id: number;
}

export type Command = PlaceCommand | CancelCommand;

/** One trade: the resting (maker) order meets the incoming (taker) one at the maker's price. */
export interface Fill {
  readonly makerId: number;
  readonly makerOwner: number;
  readonly takerId: number;
  readonly price: number;
  readonly qty: number;
  /** What the maker still has resting after this fill (0: it is filled and gone). */
  readonly makerRemaining: number;
}

/** A resting order taken out of the book by self-trade prevention (its owner's new order met it). */
export interface Expired {
  readonly id: number;
  readonly owner: number;
  readonly remaining: number;
}

export type RejectReason =
  | 'invalid' // id, price or quantity not a positive safe integer, or a limit without a price
  | 'duplicate_id' // not above every id placed before (ids only grow)
  | 'would_take' // post-only that would cross the book
  | 'owner_orders' // the owner already has the most resting orders allowed in this book
  | 'book_levels' // a new price level past the side's bound
  | 'book_orders' // the book holds the most resting orders allowed
  | 'level_qty'; // its price level's total on its side would pass Number.MAX_SAFE_INTEGER lots

export interface PlaceResult {
  readonly kind: 'place';
  readonly id: number;
  /**
   * `resting`: (what is left of) it rests in the book; `filled`: nothing left; `cancelled`: what
   * is left was cancelled (ioc/market, or the command's fill bound reached); `rejected`: nothing
   * happened.
   */
  readonly status: 'resting' | 'filled' | 'cancelled' | 'rejected';
  readonly reason?: RejectReason;
  readonly fills: readonly Fill[];
  readonly expired: readonly Expired[];
  /** Quantity not filled: resting or cancelled. */
  readonly remaining: number;
}

export interface CancelResult {
  readonly kind: 'cancel';
  readonly id: number;
  /** False when no order with this id rests in the book (unknown, filled or already cancelled). */
  readonly cancelled: boolean;
  readonly owner?: number;
  readonly remaining: number;
}

export type Result = PlaceResult | CancelResult;

export interface EngineLimits {
  /** Resting orders one owner may have in one book. */
  readonly ordersPerOwner: number;
  /** Price levels on one side. */
  readonly levelsPerSide: number;
  /** Resting orders in the whole book. */
  readonly ordersPerBook: number;
  /** Fills plus self-trade expiries one command may produce; the rest of a taker is cancelled. */
  readonly fillsPerCommand: number;
}

/** One aggregated price level of the depth view. */
export interface DepthLevel {
  readonly price: number;
  readonly qty: number;
  /** Of `qty`, what the platform's market maker offers. */
  readonly platformQty: number;
  readonly orders: number;
}

export interface Depth {
  /** Best (highest) first. */
  readonly bids: readonly DepthLevel[];
  /** Best (lowest) first. */
  readonly asks: readonly DepthLevel[];
}

/** A resting order as the book holds it (rebuild and comparison with the reference model). */
export interface RestingOrder {
  readonly id: number;
  readonly owner: number;
  readonly side: Side;
  readonly price: number;
  readonly remaining: number;
  readonly platform: boolean;
}
