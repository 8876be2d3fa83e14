/**
 * Live support under load (issue 25): BENCH_CHATS (2,000) chat sockets and BENCH_AGENTS (50)
 * agents on one node, and a message's delay from its send to its delivery on the other side's
 * socket, next to the `market.prices` fan-out to the same sockets in the same run.
 *
 * Set-up: the server is the benchmarks' child process (bench/support/measure.ts, PGlite in
 * memory, the market simulator ticking every 100 ms). Each chat is a visitor (an address proved
 * by its code from the dev outbox) with a conversation and a socket following its channel; the
 * agents are support staff, online with capacity 20 each, so 1,000 conversations are assigned
 * and the rest wait, as on a busy day. Each agent's socket signs in as staff and follows one of
 * its conversations (the console follows the open one) and the queue.
 *
 * Phase A (BENCH_SECONDS): the price list alone, p50/p99 from tick to client (one frame in 25
 * parsed). Phase B (BENCH_SECONDS): every SEND_MS a message through the API, alternating
 * sides: an agent answers in their followed conversation (measured on the visitor's socket), or
 * the visitor writes in it (measured on the agent's socket); p50/p99 from the call's start to
 * the frame, and how many never arrived (must be 0); the prices' figures during phase B beside.
 * Message frames go out at once (`now`), not with the 250 ms price sends.
 *
 *   npx tsx bench/support-chat.ts     (BENCH_CHATS=2000, BENCH_AGENTS=50, BENCH_SECONDS=10)
 */
import WebSocket from 'ws';
import { startBenchServer, stop } from './support/measure.ts';

const chats = Number(process.env.BENCH_CHATS ?? 2000);
const agentCount = Number(process.env.BENCH_AGENTS ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const SEND_MS = 20;
const TICK_MS = 100;
const SAMPLE_EVERY = 25;
const STALL_MS = 5_000;
const ADMIN = { username: 'benchadmin', password: 'Bench-admin-123' };

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const key = () => `bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

type Envelope<T> = { code: number; result: T };

function api(base: string) {
  return async <T>(method: 'GET' | 'POST', path: string, body?: object, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(token === undefined ? {} : { authorization: token }),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}`);
    return envelope.result;
  };
}

interface Prices {
  frames: number;
  seen: number;
  delays: number[];
}
/** Sent texts waiting for their frame: text -> when the call started. */
const waiting = new Map<string, number>();
const delivered: number[] = [];

/** A socket counting price frames and taking the delivery time of each awaited message. */
async function socket(
  url: string,
  prices: { current: Prices },
  first: object[],
): Promise<WebSocket> {
  const ws = new WebSocket(url);
  ws.on('message', (raw: Buffer) => {
    const now = Date.now();
    if (raw[0] === 0x5b) {
      const p = prices.current;
      p.frames += 1;
      p.seen += 1;
      if (p.seen % SAMPLE_EVERY !== 0) return;
      let newest = 0;
      for (const u of JSON.parse(raw.toString()) as { ts: number }[])
        newest = Math.max(newest, u.ts);
      p.delays.push(now - newest);
      return;
    }
    const f = JSON.parse(raw.toString()) as { data?: { message?: { text: string } } };
    const text = f.data?.message?.text;
    const at = text === undefined ? undefined : waiting.get(text);
    if (text === undefined || at === undefined) return;
    waiting.delete(text);
    delivered.push(now - at);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  for (const cmd of first) ws.send(JSON.stringify(cmd));
  return ws;
}

interface Chat {
  token: string;
  channel: string;
  conversationId: number;
}

/** A visitor proves an address with its code and starts a conversation. */
async function visitor(base: string, i: number): Promise<Chat> {
  const call = api(base);
  const email = `chat${i}x${process.pid}@example.test`;
  await call('POST', '/swx/customer/support/visitorCode', { email });
  const mail = await call<{ text: string }[]>(
    'GET',
    `/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
  );
  const code = mail[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  const chat = await call<{ token: string; channel: string }>(
    'POST',
    '/swx/customer/support/visitor',
    {
      email,
      code,
    },
  );
  const state = await call<{ conversation: { id: number } }>(
    'POST',
    '/swx/customer/support/send',
    { key: key(), text: `Hello from chat ${i}` },
    chat.token,
  );
  return { ...chat, conversationId: state.conversation.id };
}

interface Agent {
  token: string;
  conversationId: number;
  ws?: WebSocket;
}

async function agents(base: string): Promise<Agent[]> {
  const call = api(base);
  const admin = await call<{ token: string }>('POST', '/swx/admin/login', ADMIN);
  // The followed conversations write every second or two: past a person's flood limit of 5 in 10 s.
  await call(
    'POST',
    '/swx/admin/setParam',
    { key: 'support_flood_messages', value: '100', reason: 'Benchmark: a few chats write often' },
    admin.token,
  );
  const out: Agent[] = [];
  for (let i = 0; i < agentCount; i++) {
    const who = { username: `agent${i}b${process.pid % 1000}`, password: 'Agent-password-123' };
    await call('POST', '/swx/admin/createStaff', { ...who, role: 'support' }, admin.token);
    const { token } = await call<{ token: string }>('POST', '/swx/admin/login', who);
    await call('POST', '/swx/admin/support/agent', { online: true, capacity: 20 }, token);
    out.push({ token, conversationId: 0 });
  }
  return out;
}

async function main(): Promise<void> {
  const app = await startBenchServer('app', {
    MARKET_TICK_MS: String(TICK_MS),
    MESSAGE_MAX_PER_IP: '20000',
    SPOT_QUOTE_MS: '0',
    BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    const url = `ws://127.0.0.1:${app.port}/message`;
    const call = api(base);
    const setUp = performance.now();
    const staff = await agents(base);
    const people: Chat[] = [];
    for (let i = 0; i < chats; i += 20) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(20, chats - i) }, (_, j) => visitor(base, i + j)),
        )),
      );
    }
    const prices = { current: { frames: 0, seen: 0, delays: [] } as Prices };
    const sockets: WebSocket[] = [];
    for (let i = 0; i < people.length; i += 100) {
      sockets.push(
        ...(await Promise.all(
          people
            .slice(i, i + 100)
            .map((p) =>
              socket(url, prices, [{ op: 'subscribe', topic: 'support.visitor', key: p.channel }]),
            ),
        )),
      );
    }
    // Each agent follows one conversation of theirs, as the console follows the open one.
    const byId = new Map(people.map((p) => [p.conversationId, p]));
    const pairs: { agent: Agent; chat: Chat }[] = [];
    for (const a of staff) {
      const mine = await call<{ rows: { id: number }[] }>(
        'GET',
        '/swx/admin/support/list?queue=mine&size=1',
        undefined,
        a.token,
      );
      const chat = byId.get(mine.rows[0]?.id ?? 0);
      if (chat === undefined) continue;
      a.conversationId = chat.conversationId;
      a.ws = await socket(url, prices, [{ op: 'staff', token: a.token }]);
      await sleep(50);
      a.ws.send(
        JSON.stringify({
          op: 'subscribe',
          topic: 'support.staff',
          key: String(chat.conversationId),
        }),
      );
      a.ws.send(JSON.stringify({ op: 'subscribe', topic: 'support.staff', key: 'queue' }));
      pairs.push({ agent: a, chat });
    }
    const setUpS = ((performance.now() - setUp) / 1000).toFixed(1);
    await sleep(1000);

    // Phase A: the prices alone.
    prices.current = { frames: 0, seen: 0, delays: [] };
    await sleep(seconds * 1000);
    const baseline = { ...prices.current, perSecond: prices.current.frames / seconds };

    // Phase B: a message every SEND_MS, alternating sides, the prices going on.
    prices.current = { frames: 0, seen: 0, delays: [] };
    const started = performance.now();
    let sent = 0;
    while (performance.now() - started < seconds * 1000) {
      const next = started + (sent + 1) * SEND_MS;
      const pair = pairs[sent % pairs.length];
      if (pair === undefined) throw new Error('no agent follows a conversation');
      const { agent, chat } = pair;
      const text = `m${sent} ${key()}`;
      waiting.set(text, Date.now());
      const send =
        sent % 2 === 0
          ? call(
              'POST',
              '/swx/admin/support/reply',
              { key: key(), conversationId: chat.conversationId, text, internal: false },
              agent.token,
            )
          : call(
              'POST',
              '/swx/customer/support/send',
              { key: key(), conversationId: chat.conversationId, text },
              chat.token,
            );
      void send.catch((err: unknown) => {
        waiting.delete(text);
        console.error(String(err));
      });
      sent += 1;
      await sleep(Math.max(0, next - performance.now()));
    }
    const phaseS = (performance.now() - started) / 1000;
    const during = { ...prices.current, perSecond: prices.current.frames / phaseS };
    const stallFrom = performance.now();
    while (waiting.size > 0 && performance.now() - stallFrom < STALL_MS) await sleep(50);

    const d = sorted(delivered);
    const a = sorted(baseline.delays);
    const b = sorted(during.delays);
    const ms = (x: number) => x.toFixed(0).padStart(6);
    console.info(
      `${chats} visitor chat sockets and ${pairs.length} agent sockets on /message (PGlite server in a child process; set up in ${setUpS} s); prices: instruments ticking every ${TICK_MS} ms, sent every 250 ms\n`,
    );
    console.info('                                          frames/s   p50 ms   p99 ms');
    console.info(
      `market.prices alone (baseline)            ${String(Math.round(baseline.perSecond)).padStart(8)}   ${ms(percentile(a, 50))}   ${ms(percentile(a, 99))}   (tick to client)`,
    );
    console.info(
      `market.prices during the chat             ${String(Math.round(during.perSecond)).padStart(8)}   ${ms(percentile(b, 50))}   ${ms(percentile(b, 99))}`,
    );
    console.info(
      `support: a message to the other side      ${String(Math.round(d.length / phaseS)).padStart(8)}   ${ms(percentile(d, 50))}   ${ms(percentile(d, 99))}   (call's start to the frame)`,
    );
    console.info(
      `\nmessages sent ${sent}, delivered ${d.length}, never ${waiting.size} (must be 0)`,
    );
    for (const s of [...sockets, ...pairs.map((p) => p.agent.ws)]) s?.terminate();
  } finally {
    await stop(app.child);
  }
}

await main();
