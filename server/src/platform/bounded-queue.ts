import { assert } from '../assert.ts';

/**
 * A FIFO with a hard cap. When full, the oldest items give way to new ones and are counted as
 * dropped, so a stalled consumer (a database down for minutes) cannot grow memory without end.
 */
export class BoundedQueue<T> {
  private items: T[] = [];
  /** Items let go because the queue was full, since the start. */
  dropped = 0;

  constructor(readonly capacity: number) {
    assert(Number.isInteger(capacity) && capacity > 0, `queue capacity ${capacity}`);
  }

  get size(): number {
    return this.items.length;
  }

  push(...items: readonly T[]): void {
    this.items.push(...items);
    this.trim();
  }

  /** Takes everything queued, oldest first. */
  drain(): T[] {
    const all = this.items;
    this.items = [];
    return all;
  }

  /** Puts items taken by `drain` back in front (a failed write), as far as the cap allows. */
  requeue(items: readonly T[]): void {
    this.items = [...items, ...this.items];
    this.trim();
  }

  private trim(): void {
    const over = this.items.length - this.capacity;
    if (over > 0) {
      this.items.splice(0, over);
      this.dropped += over;
    }
  }
}
