import { assert } from '../../assert.ts';
import {
  assertAddable,
  assertLimits,
  KIND_PRIORITY,
  type Fired,
  type Quote,
  type Trigger,
  type TriggerKind,
  type TriggerLimits,
  type Triggers,
} from './trigger-book.ts';

/**
 * The reference model of TriggerBook: a plain array, scanned whole on every quote. Obviously
 * right rather than fast; the property test holds TriggerBook to it and the bench measures
 * against it.
 */
export class LinearTriggers implements Triggers {
  private items: Trigger[] = [];
  /**
   * Kinds held per order, as bits of KIND_PRIORITY: only so that add's duplicate check does not
   * scan (building a million positions would be quadratic). Everything else scans `items`.
   */
  private readonly kinds = new Map<number, number>();

  constructor(private readonly limits: TriggerLimits) {
    assertLimits(limits);
  }

  get size(): number {
    return this.items.length;
  }

  has(orderId: number): boolean {
    return this.items.some((t) => t.orderId === orderId);
  }

  add(t: Trigger): void {
    assertAddable(t, this.items.length, this.limits);
    const bit = 1 << KIND_PRIORITY.indexOf(t.kind);
    const held = this.kinds.get(t.orderId) ?? 0;
    assert((held & bit) === 0, () => `trigger: order ${t.orderId} already has a ${t.kind}`);
    this.kinds.set(t.orderId, held | bit);
    this.items.push({ ...t });
  }

  remove(orderId: number): number {
    const before = this.items.length;
    this.items = this.items.filter((t) => t.orderId !== orderId);
    this.kinds.delete(orderId);
    return before - this.items.length;
  }

  onQuote(q: Quote): Fired[] {
    const best = new Map<number, Trigger>();
    for (const t of this.items) {
      if (t.instrument !== q.instrument) continue;
      const quote = t.side === 'bid' ? q.bid : q.ask;
      const crossed = t.when === 'at_or_below' ? quote <= t.price : quote >= t.price;
      if (!crossed) continue;
      const seen = best.get(t.orderId);
      if (seen === undefined || rank(t.kind) < rank(seen.kind)) best.set(t.orderId, t);
    }
    if (best.size === 0) return [];
    this.items = this.items.filter((t) => !best.has(t.orderId));
    for (const orderId of best.keys()) this.kinds.delete(orderId);
    return [...best.values()]
      .map((t) => ({ orderId: t.orderId, kind: t.kind, price: t.price }))
      .sort((a, b) => a.orderId - b.orderId);
  }
}

function rank(kind: TriggerKind): number {
  return KIND_PRIORITY.indexOf(kind);
}
