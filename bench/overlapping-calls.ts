/**
 * A bystander's close latency while one person hammers their own account, through the HTTP API
 * on PostgreSQL. The hammer sends 16 trading calls at a time (market opens, closes, option buys,
 * spot orders, cancels) for BENCH_ROUNDS rounds; the bystander opens and closes a contract one
 * call after another. Baseline, in the same run: the bystander alone. Prints the bystander's
 * close p50 and p99 in both phases, the hammer's answers by code, the transactions the ledger
 * ran again after a deadlock or serialization failure, and the answers that were 10030.
 *
 *   npx tsx bench/overlapping-calls.ts      (BENCH_ROUNDS=40, BENCH_CLOSES=60)
 */
import { randomBytes } from 'node:crypto';
import { toUnits } from '../server/src/money/decimal.ts';
import type { Server } from '../server/src/server.ts';
import { startPostgresServer } from './support/postgres-server.ts';

const OVERLAP = 16;
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const closes = Number(process.env.BENCH_CLOSES ?? 60);

type Answer = { code: number; result: unknown };

const key = () => randomBytes(12).toString('hex');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function person(server: Server, name: string): Promise<string> {
  const [row] = await server.db.query<{ id: number }>(
    `insert into users (username, email, password_hash, invite_code)
     values ($1, $2, 'x', $3) returning id`,
    [name, `${name}@example.test`, name.toUpperCase()],
  );
  const id = Number(row?.id);
  await server.modules.trading.fundDemo(id);
  await server.ledger.transfer({
    key: `bench-overlap-btc:${id}`,
    asset: 'BTC',
    book: 'demo',
    legs: [
      {
        from: { platform: 'demo_faucet' },
        to: { user: id, purpose: 'available' },
        amount: toUnits('0.5', 8),
        kind: 'adjust_credit',
      },
    ],
  });
  const session = await server.modules.auth.sessions.create(server.db, id, {
    ip: '127.0.0.1',
    userAgent: 'bench',
  });
  return session.token;
}

function caller(base: string) {
  return async (token: string, path: string, body: unknown): Promise<Answer> => {
    const res = await fetch(`${base}/swx/customer/order/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Answer;
  };
}

/** The bystander's open-then-close cycles; answers each close's latency in ms. */
async function bystand(call: ReturnType<typeof caller>, token: string, btc: number) {
  const latencies: number[] = [];
  let failed = 0;
  for (let i = 0; i < closes; i++) {
    const opened = await call(token, 'buyU', {
      key: key(),
      instrumentId: btc,
      type: 'market',
      side: 'long',
      lots: '0.01',
      leverage: 10,
      stopLoss: '55000',
      takeProfit: '70000',
    });
    const id = (opened.result as { id?: number } | null)?.id;
    const start = performance.now();
    const closed = await call(token, 'stopU', { id });
    latencies.push(performance.now() - start);
    if (opened.code !== 200 || closed.code !== 200) failed += 1;
  }
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

/** One person's rounds of 16 calls at once; answers the count of each code. */
async function hammer(call: ReturnType<typeof caller>, token: string, btc: number) {
  const codes = new Map<number, number>();
  const opened: number[] = [];
  const resting: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const calls = Array.from({ length: OVERLAP }, (_, i) => {
      const pick = (i + round) % 5;
      if (pick === 1 && opened.length > 0) return call(token, 'stopU', { id: opened.shift() });
      if (pick === 2) {
        const body = { key: key(), instrumentId: btc, seconds: 30, direction: 'up', amount: '10' };
        return call(token, 'buyOptions', body);
      }
      if (pick === 3) {
        const side = i % 2 === 0 ? 'buy' : 'sell';
        const body = {
          key: key(),
          code: 'BTCUSDT',
          side,
          type: 'limit',
          price: '59990',
          qty: '0.0005',
        };
        return call(token, 'submit', body);
      }
      if (pick === 4 && resting.length > 0) return call(token, 'chedan', { id: resting.shift() });
      return call(token, 'buyU', {
        key: key(),
        instrumentId: btc,
        type: 'market',
        side: 'short',
        lots: '0.01',
        leverage: 10,
        stopLoss: '65000',
        takeProfit: '50000',
      });
    });
    for (const a of await Promise.all(calls)) {
      codes.set(a.code, (codes.get(a.code) ?? 0) + 1);
      const r = a.result as { id?: number; status?: string; leverage?: number } | null;
      if (a.code !== 200 || r?.id === undefined) continue;
      if (r.status === 'open' && r.leverage !== undefined) opened.push(r.id);
      if (r.status === 'waiting') resting.push(r.id);
    }
  }
  return codes;
}

function line(label: string, sorted: number[], failed: number): string {
  const p50 = percentile(sorted, 50).toFixed(1);
  const p99 = percentile(sorted, 99).toFixed(1);
  return `${label.padEnd(28)} close p50 ${p50.padStart(7)} ms   p99 ${p99.padStart(7)} ms   failed ${failed}`;
}

async function main(): Promise<void> {
  const bench = await startPostgresServer('overlap', { SPOT_QUOTE_MS: '0' });
  const { server } = bench;
  try {
    const call = caller(bench.base);
    server.modules.market.market.ingest([
      { code: 'BTCUSDT', price: '60000.00', volume: '0', ts: Date.now() },
    ]);
    await server.modules.trading.spotDesks.quoteAll();
    const btc = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
    const bystander = await person(server, `benchby${process.pid % 10_000}`);
    const hammerer = await person(server, `benchham${process.pid % 10_000}`);

    const alone = await bystand(call, bystander, btc);
    const [codes, beside] = await Promise.all([
      hammer(call, hammerer, btc),
      bystand(call, bystander, btc),
    ]);
    console.info(`overlapping calls on PostgreSQL: ${OVERLAP} at a time x ${rounds} rounds`);
    console.info(line('bystander alone (baseline)', alone.latencies, alone.failed));
    console.info(line('bystander beside the hammer', beside.latencies, beside.failed));
    console.info(`hammer answers by code: ${JSON.stringify(Object.fromEntries(codes))}`);
    console.info(
      `ledger transactions run again: ${server.ledger.retries.retried} ` +
        `(gave up: ${server.ledger.retries.exhausted}); answers 10030: ${server.faults.systemErrors}`,
    );
  } finally {
    await bench.finish();
  }
}

await main();
