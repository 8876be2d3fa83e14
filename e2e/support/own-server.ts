import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A server this test starts and stops itself (the shared one must stay up for the others):
 * on disk, so a restart finds the same data.
 */
export class OwnServer {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly dataDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(this.port),
        PUBLIC_URL: this.url,
        DATA_DIR: this.dataDir,
        APP_DIST: 'dist',
        LOG_LEVEL: 'warn',
        MARKET_BACKFILL_DAYS: '2',
        MARKET_TICK_MS: '500',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 120; i++) {
      try {
        const res = await fetch(`${this.url}/swx/customer/index/getParamByKey/down_url`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`server on ${this.port} did not start`);
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
