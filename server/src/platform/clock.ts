/**
 * The time the jobs and the capabilities whose money follows the calendar (plans, loans) read.
 * In production it is the system's; a test (or the development route /dev/clock, never in
 * production) moves it forward to see a day pass without waiting for one.
 */
export class Clock {
  private offsetMs = 0;

  constructor(private readonly system: () => number = Date.now) {}

  readonly now = (): number => this.system() + this.offsetMs;

  /** Moves the clock forward (never back: a day once paid stays in the past). */
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0 || ms > 3_650 * 86_400_000) {
      throw new RangeError(`cannot advance the clock by ${ms} ms`);
    }
    this.offsetMs += ms;
  }
}
