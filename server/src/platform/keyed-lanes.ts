import { assert } from '../assert.ts';

/** A lane already has its most waiting tasks: the caller answers "busy, try again" (10102). */
export class LaneFull extends Error {
  override name = 'LaneFull';
}

/**
 * Runs tasks one at a time per key, in the order they came, and tasks of different keys side
 * by side: a single writer per key on this node (an auction's bids). The database's locks
 * still decide between nodes; the lane only keeps this node's writers of one key from
 * queueing on the same row lock, where each statement of each waiter shares the CPU with the
 * others. A lane holds at most `maxWaiting` tasks and is dropped once it is empty.
 */
export class KeyedLanes<K> {
  private readonly lanes = new Map<K, { tail: Promise<void>; waiting: number }>();

  constructor(readonly maxWaiting: number) {
    assert(Number.isInteger(maxWaiting) && maxWaiting > 0, `lane bound ${maxWaiting}`);
  }

  /** Keys with a task running or waiting (for tests and metrics). */
  get size(): number {
    return this.lanes.size;
  }

  run<T>(key: K, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (lane === undefined) {
      lane = { tail: Promise.resolve(), waiting: 0 };
      this.lanes.set(key, lane);
    }
    if (lane.waiting >= this.maxWaiting) return Promise.reject(new LaneFull());
    const own = lane;
    own.waiting += 1;
    const result = own.tail.then(task);
    own.tail = result.then(
      () => this.done(key, own),
      () => this.done(key, own),
    );
    return result;
  }

  private done(key: K, lane: { waiting: number }): void {
    lane.waiting -= 1;
    assert(lane.waiting >= 0, 'a lane finished more tasks than it took');
    if (lane.waiting === 0 && this.lanes.get(key) === lane) this.lanes.delete(key);
  }
}
