import { assert } from '../../assert.ts';

/**
 * The trigger engine of leveraged contracts: limit opens, take profits, stop losses and
 * liquidations waiting for a quote to cross their price. Pure and synchronous; the trading
 * service owns the I/O. Per instrument and watched quote side, a max-heap of the `at_or_below`
 * triggers and a min-heap of the `at_or_above` ones, so a quote looks at four tops and pops only
 * what it crosses: O(log n) per fired trigger, nothing for the rest of the book.
 */

export type TriggerKind = 'limit_open' | 'take_profit' | 'stop_loss' | 'liquidation';
export type QuoteSide = 'bid' | 'ask';
export type Crossing = 'at_or_below' | 'at_or_above';

export interface Trigger {
  /** Positive safe integer. */
  orderId: number;
  kind: TriggerKind;
  instrument: string;
  /** The quote it watches. */
  side: QuoteSide;
  /** Fires when quote[side] <= price (`at_or_below`) or >= price (`at_or_above`). */
  when: Crossing;
  /** Integer price units at the instrument's precision, 1..MAX_PRICE. */
  price: bigint;
}
export interface Quote {
  instrument: string;
  bid: bigint;
  ask: bigint;
}
export interface Fired {
  orderId: number;
  kind: TriggerKind;
  /** The trigger's price, not the quote's. */
  price: bigint;
}
export interface TriggerLimits {
  maxTriggers: number;
}
export interface Triggers {
  /**
   * Throws (InvariantError) if the order already has a trigger of that kind, the book is full
   * (size === maxTriggers), the price is outside 1..MAX_PRICE or the order id is not a positive
   * safe integer; the book is then unchanged.
   */
  add(t: Trigger): void;
  /** Removes every trigger of the order; returns how many. */
  remove(orderId: number): number;
  has(orderId: number): boolean;
  readonly size: number;
  /** One Fired per order with a crossed trigger (kind by KIND_PRIORITY), sorted by orderId. */
  onQuote(q: Quote): Fired[];
}

/** When several triggers of one order cross on one quote, the first kind listed wins. */
export const KIND_PRIORITY: readonly TriggerKind[] = [
  'limit_open',
  'take_profit',
  'stop_loss',
  'liquidation',
];

/** 2^53 - 1: the heaps compare prices as doubles, which are exact up to here. */
export const MAX_PRICE = BigInt(Number.MAX_SAFE_INTEGER);

/** Checks shared by both implementations, so they refuse exactly the same triggers. */
export function assertAddable(t: Trigger, size: number, limits: TriggerLimits): void {
  assert(
    Number.isSafeInteger(t.orderId) && t.orderId > 0,
    () => `trigger: order id ${t.orderId} is not a positive safe integer`,
  );
  assert(
    t.price > 0n && t.price <= MAX_PRICE,
    () => `trigger: order ${t.orderId} has price ${t.price}, not in 1..${MAX_PRICE}`,
  );
  assert(size < limits.maxTriggers, () => `trigger: book full (${size} of ${limits.maxTriggers})`);
}

export function assertLimits(limits: TriggerLimits): void {
  assert(
    Number.isSafeInteger(limits.maxTriggers) && limits.maxTriggers > 0,
    () => `trigger: maxTriggers ${limits.maxTriggers} is not a positive safe integer`,
  );
}

/** One trigger in one heap; `pos` is its index there, -1 once out of the heap. */
interface Entry {
  readonly orderId: number;
  readonly kind: TriggerKind;
  readonly rank: number;
  readonly price: bigint;
  readonly heap: Heap;
  pos: number;
}

/**
 * An indexed binary min-heap: entries know their index, so removal is O(log n). The keys sit in
 * a plain number array beside the entries, so a sift compares neighbouring doubles instead of
 * following two pointers per child; at a million triggers that is most of a pop's cost.
 */
class Heap {
  readonly items: Entry[] = [];
  private readonly keys: number[] = [];

  /** `below`: the `at_or_below` triggers, highest price on top (keyed by -price). */
  constructor(
    readonly side: QuoteSide,
    readonly below: boolean,
  ) {}

  crossedBy(quote: bigint, e: Entry): boolean {
    return this.below ? quote <= e.price : quote >= e.price;
  }

  push(e: Entry): void {
    // Exact: add refuses prices above Number.MAX_SAFE_INTEGER.
    const key = this.below ? -Number(e.price) : Number(e.price);
    this.items.push(e);
    this.keys.push(key);
    this.up(this.items.length - 1, e, key);
  }

  remove(e: Entry): void {
    const at = e.pos;
    assert(this.items[at] === e, () => `trigger heap: order ${e.orderId} not at ${at}`);
    const last = this.items.pop() as Entry;
    const lastKey = this.keys.pop() as number;
    e.pos = -1;
    if (last === e) return;
    // The last entry fills the hole; it may belong above or below it, never both.
    const parent = (at - 1) >> 1;
    if (at > 0 && lastKey < (this.keys[parent] as number)) this.up(at, last, lastKey);
    else this.down(at, last, lastKey);
  }

  private put(i: number, e: Entry, key: number): void {
    this.items[i] = e;
    this.keys[i] = key;
    e.pos = i;
  }

  // Both sifts carry the moving entry down a hole: each step halves or doubles the index, so
  // they end within log2(size) steps.
  private up(i: number, e: Entry, key: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const parentKey = this.keys[parent] as number;
      if (parentKey <= key) break;
      this.put(i, this.items[parent] as Entry, parentKey);
      i = parent;
    }
    this.put(i, e, key);
  }

  private down(i: number, e: Entry, key: number): void {
    const n = this.items.length;
    while (2 * i + 1 < n) {
      let child = 2 * i + 1;
      let childKey = this.keys[child] as number;
      if (child + 1 < n && (this.keys[child + 1] as number) < childKey) {
        child += 1;
        childKey = this.keys[child] as number;
      }
      if (key <= childKey) break;
      this.put(i, this.items[child] as Entry, childKey);
      i = child;
    }
    this.put(i, e, key);
  }

  /** For tests: every parent at most its children, every index and key right. */
  check(): void {
    assert(this.keys.length === this.items.length, () => 'trigger heap: keys and entries differ');
    this.items.forEach((e, i) => {
      assert(e.pos === i && e.heap === this, () => `trigger heap: order ${e.orderId} at ${i}`);
      const key = this.keys[i] as number;
      assert(key === (this.below ? -Number(e.price) : Number(e.price)), () => `heap key at ${i}`);
      assert(i === 0 || (this.keys[(i - 1) >> 1] as number) <= key, () => `trigger heap at ${i}`);
    });
  }
}

const HEAPS: readonly (readonly [QuoteSide, boolean])[] = [
  ['bid', true],
  ['bid', false],
  ['ask', true],
  ['ask', false],
];

function heapIndex(t: Trigger): number {
  return (t.side === 'bid' ? 0 : 2) + (t.when === 'at_or_below' ? 0 : 1);
}

export class TriggerBook implements Triggers {
  private readonly instruments = new Map<string, Heap[]>();
  /** Each order's triggers (at most one per kind), wherever they are. */
  private readonly orders = new Map<number, Entry[]>();
  private count = 0;

  constructor(private readonly limits: TriggerLimits) {
    assertLimits(limits);
  }

  get size(): number {
    return this.count;
  }

  has(orderId: number): boolean {
    return this.orders.has(orderId);
  }

  add(t: Trigger): void {
    assertAddable(t, this.count, this.limits);
    const entries = this.orders.get(t.orderId) ?? [];
    assert(
      !entries.some((e) => e.kind === t.kind),
      () => `trigger: order ${t.orderId} already has a ${t.kind}`,
    );
    let heaps = this.instruments.get(t.instrument);
    if (heaps === undefined) {
      heaps = HEAPS.map(([side, below]) => new Heap(side, below));
      this.instruments.set(t.instrument, heaps);
    }
    const heap = heaps[heapIndex(t)] as Heap;
    const entry: Entry = {
      orderId: t.orderId,
      kind: t.kind,
      rank: KIND_PRIORITY.indexOf(t.kind),
      price: t.price,
      heap,
      pos: -1,
    };
    heap.push(entry);
    entries.push(entry);
    this.orders.set(t.orderId, entries);
    this.count += 1;
  }

  remove(orderId: number): number {
    const entries = this.orders.get(orderId);
    if (entries === undefined) return 0;
    for (const e of entries) if (e.pos >= 0) e.heap.remove(e);
    this.orders.delete(orderId);
    this.count -= entries.length;
    return entries.length;
  }

  onQuote(q: Quote): Fired[] {
    const heaps = this.instruments.get(q.instrument);
    if (heaps === undefined) return [];
    // Pop what is crossed on all four heaps before choosing kinds: an order's crossed triggers
    // may sit on different heaps. Each order keeps its first-priority crossed trigger.
    let crossed: Map<number, Entry> | undefined;
    for (const heap of heaps) {
      const quote = heap.side === 'bid' ? q.bid : q.ask;
      for (let left = heap.items.length; left > 0; left--) {
        const top = heap.items[0] as Entry;
        if (!heap.crossedBy(quote, top)) break;
        heap.remove(top);
        crossed ??= new Map();
        const best = crossed.get(top.orderId);
        if (best === undefined || top.rank < best.rank) crossed.set(top.orderId, top);
      }
    }
    if (crossed === undefined) return [];
    const fired: Fired[] = [];
    for (const [orderId, best] of crossed) {
      const removed = this.remove(orderId);
      assert(removed > 0, () => `trigger: crossed order ${orderId} has no triggers`);
      fired.push({ orderId, kind: best.kind, price: best.price });
    }
    return fired.sort((a, b) => a.orderId - b.orderId);
  }

  /** For tests (it scans the whole book): heaps, handles and the count agree. */
  checkInvariants(): void {
    let inHeaps = 0;
    for (const heaps of this.instruments.values()) {
      for (const heap of heaps) {
        heap.check();
        inHeaps += heap.items.length;
      }
    }
    let handles = 0;
    for (const [orderId, entries] of this.orders) {
      assert(entries.length > 0, () => `trigger: order ${orderId} kept with no triggers`);
      for (const e of entries) {
        assert(e.orderId === orderId && e.pos >= 0, () => `trigger: stale handle of ${orderId}`);
        assert(e.heap.items[e.pos] === e, () => `trigger: handle of ${orderId} points elsewhere`);
      }
      handles += entries.length;
    }
    assert(inHeaps === this.count && handles === this.count, () => `trigger: count ${this.count}`);
  }
}
