import pg from 'pg';

/**
 * One elected process among the nodes sharing a PostgreSQL database, for engines that must
 * have a single writer (the market feed). Leadership is a session-level advisory lock held on
 * a dedicated connection: if the leader dies, its connection closes, the lock is released and
 * another node takes over within `retryMs`.
 */
export class LeaderElection {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly lockId: number,
    private readonly events: { elected(): Promise<void>; deposed(): void },
    private readonly retryMs = 5_000,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries once now (and leads before returning if elected), then every `retryMs`. */
  async start(): Promise<void> {
    await this.attempt();
  }

  private async attempt(): Promise<void> {
    if (this.stopped || this.leading) return;
    try {
      if (this.client === undefined) {
        const client = new pg.Client({ connectionString: this.url });
        client.on('error', () => this.lose());
        await client.connect();
        this.client = client;
      }
      const [row] = (
        await this.client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
          this.lockId,
        ])
      ).rows;
      if (row?.ok === true) {
        this.leading = true;
        // Awaited: a node that wins at start-up is ready to serve when start() returns.
        await this.events.elected();
        return;
      }
    } catch {
      this.lose();
    }
    this.timer = setTimeout(() => void this.attempt(), this.retryMs);
  }

  private lose(): void {
    const client = this.client;
    this.client = undefined;
    void client?.end().catch(() => undefined);
    if (this.leading) {
      this.leading = false;
      this.events.deposed();
    }
    if (!this.stopped) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.attempt(), this.retryMs);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.leading = false;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }
}
