/**
 * /message fan-out to 1,000 and 5,000 local websocket clients: delivered messages per second,
 * p99 delay from tick to client, and server RSS, next to a bare `ws` broadcast of the same
 * pattern measured in the same run (goal: at least 80% of its delivered messages).
 *
 *   npx tsx bench/message-fanout.ts        (BENCH_SECONDS=10, BENCH_CLIENTS=1000,5000)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { INSTRUMENTS } from '../server/src/market/instruments.ts';
import { startBenchServer, stop } from './support/measure.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const clientCounts = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const TICK_MS = 100;
/** One frame in this many is parsed for its delay; every frame is counted. */
const SAMPLE_EVERY = 25;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.replace(/\D+/g, '') ?? 0) / 1024);
}

async function connectAll(url: string, count: number) {
  const sockets: WebSocket[] = [];
  const stats = { messages: 0, delays: [] as number[] };
  let seen = 0;
  for (let i = 0; i < count; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => {
        const ws = new WebSocket(url);
        sockets.push(ws);
        ws.on('message', (raw: Buffer) => {
          stats.messages += 1;
          seen += 1;
          if (seen % SAMPLE_EVERY !== 0) return;
          const frame = JSON.parse(raw.toString()) as { ts: number }[];
          const newest = Math.max(...frame.map((u) => u.ts));
          stats.delays.push(Date.now() - newest);
        });
        return new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
      }),
    );
  }
  return { sockets, stats };
}

async function measure(url: string, pid: number, count: number) {
  const { sockets, stats } = await connectAll(url, count);
  await new Promise((r) => setTimeout(r, 1000)); // settle
  stats.messages = 0;
  stats.delays = [];
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const messagesPerSecond = Math.round(stats.messages / seconds);
  const sorted = stats.delays.sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
  const rss = rssMb(pid);
  for (const s of sockets) s.terminate();
  return { messagesPerSecond, p99, rss };
}

async function startBare(): Promise<{ port: number; pid: number; kill: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/support/bare-broadcast.ts',
      String(INSTRUMENTS.length),
      String(TICK_MS),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (child.stdout === null) throw new Error('no stdout');
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('{')) {
      const { port } = JSON.parse(line) as { port: number };
      return { port, pid: child.pid ?? 0, kill: () => stop(child) };
    }
  }
  throw new Error('bare broadcast did not start');
}

console.info(
  `${seconds} s per figure; ${INSTRUMENTS.length} instruments ticking every ${TICK_MS} ms; frames every 250 ms\n`,
);
for (const count of clientCounts) {
  const bare = await startBare();
  const b = await measure(`ws://127.0.0.1:${bare.port}`, bare.pid, count);
  await bare.kill();

  const app = await startBenchServer('app', {
    MARKET_TICK_MS: String(TICK_MS),
    MARKET_BACKFILL_DAYS: '1',
    // Every bench client connects from 127.0.0.1.
    MESSAGE_MAX_PER_IP: '20000',
  });
  const a = await measure(`ws://127.0.0.1:${app.port}/message`, app.child.pid ?? 0, count);
  await stop(app.child);

  const ratio = ((a.messagesPerSecond / b.messagesPerSecond) * 100).toFixed(0);
  console.info(
    `${String(count).padStart(5)} clients  bare ws : ${String(b.messagesPerSecond).padStart(7)} msg/s  p99 ${String(b.p99).padStart(4)} ms  RSS ${b.rss} MB`,
  );
  console.info(
    `${String(count).padStart(5)} clients  /message: ${String(a.messagesPerSecond).padStart(7)} msg/s  p99 ${String(a.p99).padStart(4)} ms  RSS ${a.rss} MB  (${ratio}% of bare)`,
  );
}
