import { Code } from '../../../../contract/errors.ts';
import { AppError } from '../../errors.ts';

/** `first` tasks wait ahead of `normal` ones and may take a normal one's place in the queue. */
export type Lane = 'first' | 'normal';

interface Waiter {
  start: () => void;
  refuse: (err: AppError) => void;
}

function busy(): AppError {
  return new AppError(Code.busy, { retryAfterSeconds: 1 }, 503);
}

/**
 * Runs at most `slots` tasks at once and lets at most `queue` more wait; a task beyond that is
 * refused at once with Code.busy (HTTP 503), so a storm cannot make everyone wait for seconds.
 * A `first` task that finds the queue full takes the place of the newest `normal` waiter, which
 * is refused instead.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Record<Lane, Waiter[]> = { first: [], normal: [] };

  constructor(
    readonly slots: number,
    readonly queue: number,
  ) {}

  private get waitingCount(): number {
    return this.waiting.first.length + this.waiting.normal.length;
  }

  /** Refuses as `run` would, before the caller spends work on a task that cannot run. */
  refuseIfFull(lane: Lane): void {
    if (this.running < this.slots || this.waitingCount < this.queue) return;
    if (lane === 'first' && this.waiting.normal.length > 0) return;
    throw busy();
  }

  async run<T>(lane: Lane, task: () => Promise<T>): Promise<T> {
    this.refuseIfFull(lane);
    if (this.running < this.slots) {
      this.running += 1;
    } else {
      if (this.waitingCount >= this.queue) this.waiting.normal.pop()?.refuse(busy());
      // The slot is handed over by the task that ends (see finally), so running stays counted.
      await new Promise<void>((start, refuse) => this.waiting[lane].push({ start, refuse }));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.first.shift() ?? this.waiting.normal.shift();
      if (next === undefined) this.running -= 1;
      else next.start();
    }
  }
}
