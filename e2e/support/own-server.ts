import { spawn, type ChildProcess } from 'node:child_process';

/** A first start creates the database and back-fills candles: seconds alone, far more on a busy CI box. */
const START_DEADLINE_MS = 150_000;
const KEPT_OUTPUT_CHARS = 4_000;

/**
 * A server this test starts and stops itself (the shared one must stay up for the others):
 * on disk, so a restart finds the same data.
 */
export class OwnServer {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(
    readonly port: number,
    private readonly dataDir: string,
    /** What this test needs on top (a development route, the bootstrap admin). */
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        APP_DIST: 'dist',
        LOG_LEVEL: 'warn',
        // What a feed restart needs and no more: the shortest history, no spot market maker
        // (its quotes are spot's tests' business), so a start on a busy box stays short.
        MARKET_BACKFILL_DAYS: '1',
        MARKET_TICK_MS: '500',
        SPOT_QUOTE_MS: '0',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);

    const deadline = Date.now() + START_DEADLINE_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        throw new Error(`server on ${this.port} exited with ${child.exitCode}:\n${this.output}`);
      }
      try {
        const res = await fetch(`${this.url}/swx/customer/index/getParamByKey/down_url`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server on ${this.port} did not start in time:\n${this.output}`);
  }

  /** Kills the process outright, as a crash would. */
  async kill(): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}
