import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

export interface Started {
  port: number;
  token?: string;
  child: ChildProcess;
}

/** Starts bench-server.ts in a child process and waits for its port line. */
export async function startBenchServer(
  mode: 'bare' | 'app',
  env: Record<string, string> = {},
): Promise<Started> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/support/bench-server.ts', mode],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.stdout === null) throw new Error('bench server has no stdout');
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    if (line.startsWith('{'))
      return { ...(JSON.parse(line) as { port: number; token?: string }), child };
  }
  throw new Error(`bench server (${mode}) exited before it listened`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export interface Figures {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Runs autocannon against one URL for a fixed time and returns the mean rate and p99. */
export async function load(
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    seconds: number;
    connections: number;
  },
): Promise<Figures> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.seconds,
    connections: options.connections,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
