/**
 * A real person's sign-in during a storm of wrong ones, next to the same sign-in on an idle
 * server (the baseline, measured in the same run): p50 and p99 from the first try to the
 * session, trying again a second after each busy refusal (10153) as the message asks, and how
 * many tries that took; then what the storm got.
 *
 *   npx tsx bench/login-storm.ts        (BENCH_SECONDS=15 per phase, BENCH_STORM=40 clients)
 *
 * Two storms, each of BENCH_STORM clients naming unknown accounts (so the per-account limit
 * does not stop them before the hash): hosts that each keep to the sign-in rate limit, 20 a
 * minute from one loopback address (127.1.0.x); and a flood where every request comes from a
 * new address (127.2.x.y) with no pause, the worst case, which only the hashing bound contains.
 */
import { request } from 'node:http';
import { startBenchServer, stop } from './support/measure.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const stormClients = Number(process.env.BENCH_STORM ?? 40);

interface Answer {
  code: number;
  ms: number;
}

function login(port: number, body: object, localAddress: string): Promise<Answer> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/swx/customer/login/login',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const { code } = JSON.parse(Buffer.concat(chunks).toString()) as { code: number };
          resolve({ code, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(sorted: number[], p: number): string {
  const v = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  return v === undefined ? '   -' : `${Math.round(v)}`.padStart(5);
}

/**
 * One real sign-in as a person does it: refused as busy, they try again a second later (the
 * answer's retryAfterSeconds), up to 30 times. The time is from the first try to the session.
 */
async function realSignIn(port: number, account: string) {
  const started = performance.now();
  for (let tries = 1; tries <= 30; tries += 1) {
    const a = await login(port, { account, password: 'Bench123abc' }, '127.0.0.1');
    if (a.code !== 10153) return { code: a.code, ms: performance.now() - started, tries };
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { code: 10153, ms: performance.now() - started, tries: 30 };
}

/** Real sign-ins one after another for `seconds`. */
async function realSignIns(port: number, account: string) {
  const answers: { code: number; ms: number; tries: number }[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) answers.push(await realSignIn(port, account));
  return answers;
}

function report(name: string, answers: { code: number; ms: number; tries: number }[]) {
  const ok = answers.filter((a) => a.code === 200);
  const ms = ok.map((a) => a.ms).sort((a, b) => a - b);
  const tries = ok.map((a) => a.tries).sort((a, b) => a - b);
  const failed = answers.length - ok.length;
  console.info(
    `${name.padEnd(24)} ${String(ok.length).padStart(3)} sign-ins  p50 ${percentile(ms, 0.5)} ms  p99 ${percentile(ms, 0.99)} ms  tries p50 ${tries[Math.floor(tries.length / 2)] ?? '-'} max ${tries.at(-1) ?? '-'}${failed > 0 ? `  not signed in ${failed}` : ''}`,
  );
}

/**
 * Runs `clients` storm loops while a person signs in. `paced`: each client is one host at the
 * sign-in rate limit (AUTH_RATE_LIMIT_MAX, 20 a minute); otherwise each request comes from a
 * new address with no pause (a botnet's flood).
 */
async function storm(port: number, account: string, paced: boolean) {
  let stopping = false;
  let next = 0;
  const answers: Answer[] = [];
  const client = async (host: number) => {
    if (paced) await new Promise((r) => setTimeout(r, (host * 3000) / stormClients));
    while (!stopping) {
      next += 1;
      const n = paced ? host + 1 : next;
      const address = `127.${paced ? 1 : 2}.${(n >> 8) % 256}.${(n % 254) + 1}`;
      const started = performance.now();
      answers.push(
        await login(port, { account: `storm${next}`, password: 'Wrong-guess-1' }, address),
      );
      if (paced) await new Promise((r) => setTimeout(r, 3000 - (performance.now() - started)));
    }
  };
  const clients = Array.from({ length: stormClients }, (_, host) => client(host));
  await new Promise((r) => setTimeout(r, 3000)); // let the storm fill the queue
  const during = await realSignIns(port, account);
  stopping = true;
  await Promise.all(clients);
  const wrong = answers.filter((a) => a.code === 10004).length;
  const busy = answers.filter((a) => a.code === 10153);
  const busyMs = busy.map((a) => a.ms).sort((a, b) => a - b);
  return {
    during,
    line: `${answers.length} answered: ${wrong} checked (10004), ${busy.length} busy (10153, p50 ${percentile(busyMs, 0.5).trim()} ms)`,
  };
}

const app = await startBenchServer('app');
const account = `bench${app.child.pid}`;
try {
  // One sign-in first, so the baseline does not include warming up.
  await login(app.port, { account, password: 'Bench123abc' }, '127.0.0.1');
  console.info(
    `${seconds} s per phase; storms of ${stormClients} clients sending wrong passwords for unknown names\n`,
  );
  report('idle (baseline)', await realSignIns(app.port, account));
  const paced = await storm(app.port, account, true);
  report(`${stormClients} hosts at 20/min`, paced.during);
  console.info(`${'  their storm'.padEnd(24)} ${paced.line}`);
  const flood = await storm(app.port, account, false);
  report(`flood of ${stormClients}`, flood.during);
  console.info(`${'  its storm'.padEnd(24)} ${flood.line}`);
} finally {
  await stop(app.child);
}
