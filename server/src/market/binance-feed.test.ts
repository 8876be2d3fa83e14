import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { BinanceFeed, formatPrice, parseFrame } from './binance-feed.ts';
import type { Tick } from './types.ts';

// Our code differs from Binance's symbol for BTC so the tests show the mapping is applied.
const SYMBOLS = [
  { code: 'XBTUSDT', binanceSymbol: 'btcusdt', precision: 2 },
  { code: 'ETHUSDT', binanceSymbol: 'ethusdt', precision: 2 },
] as const;
const SYMBOL_MAP = new Map(SYMBOLS.map((s) => [s.binanceSymbol, s]));
const STREAM_PATH = '/stream?streams=btcusdt@trade/ethusdt@trade';

const FIXTURE = readFileSync(
  new URL('./test-fixtures/binance-frames.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '');
const MALFORMED_IN_FIXTURE = 10;

const tick = (code: string, price: string, volume: string, ts: number): Tick => ({
  code,
  price,
  volume,
  ts,
});

/** The valid fixture frames, as the feed must deliver them (prices rounded half up to 2). */
const EXPECTED_FIXTURE_TICKS: Tick[] = [
  tick('XBTUSDT', '37000.10', '0.01500000', 1700000000134),
  tick('XBTUSDT', '37000.09', '0.00042000', 1700000000182),
  tick('XBTUSDT', '37000.11', '0.12000000', 1700000000241),
  tick('XBTUSDT', '37000.10', '0.00300000', 1700000000311),
  tick('XBTUSDT', '37001.00', '1.25000000', 1700000000392),
  tick('ETHUSDT', '2051.42', '0.50000000', 1700000000484),
  tick('ETHUSDT', '2051.41', '1.20000000', 1700000000587),
  tick('ETHUSDT', '2052.00', '0.03100000', 1700000000701),
  tick('ETHUSDT', '2052.00', '3.00000000', 1700000000826),
  tick('XBTUSDT', '37000.00', '0.00100000', 1700000000962),
  tick('XBTUSDT', '37000.50', '0.08400000', 1700000001109),
  tick('XBTUSDT', '37002.12', '0.00051000', 1700000001267),
  tick('XBTUSDT', '37002.11', '0.02000000', 1700000001436),
  tick('XBTUSDT', '37002.00', '0.40000000', 1700000001616),
  tick('ETHUSDT', '2051.88', '0.25000000', 1700000001807),
  tick('ETHUSDT', '2051.87', '0.00800000', 1700000002009),
  tick('ETHUSDT', '2052.10', '12.50000000', 1700000002222),
  tick('ETHUSDT', '2052.09', '0.44000000', 1700000002446),
];

function tradeFrame(data: Record<string, unknown>): string {
  const base = {
    e: 'trade',
    E: 1700000000123,
    s: 'BTCUSDT',
    t: 1,
    p: '37000.10',
    q: '0.015',
    T: 1700000000120,
    m: true,
  };
  return JSON.stringify({ stream: 'btcusdt@trade', data: { ...base, ...data } });
}

describe('formatPrice', () => {
  it.each([
    ['37000.10500000', 2, '37000.11'],
    ['37000.10499999', 2, '37000.10'],
    ['0.125', 2, '0.13'],
    ['9.995', 2, '10.00'],
    ['99.5', 0, '100'],
    ['99.4', 0, '99'],
    ['1.5', 4, '1.5000'],
    ['42', 3, '42.000'],
    ['0', 2, '0.00'],
    ['007.1', 1, '7.1'],
    ['0.00000001', 2, '0.00'],
    ['123456789012345678901234567890.123456789', 8, '123456789012345678901234567890.12345679'],
  ])('formats %s to %i decimals as %s', (input, precision, expected) => {
    expect(formatPrice(input, precision)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '-1',
    '+1',
    '1e400',
    '1E5',
    'NaN',
    'Infinity',
    '.5',
    '5.',
    ' 1.0',
    '1,5',
    '0x10',
  ])('rejects %j', (input) => {
    expect(formatPrice(input, 2)).toBeNull();
  });

  it('rejects an invalid precision and absurdly long input', () => {
    expect(formatPrice('1.0', -1)).toBeNull();
    expect(formatPrice('1.0', 1.5)).toBeNull();
    expect(formatPrice('1'.repeat(500), 2)).toBeNull();
  });
});

describe('parseFrame', () => {
  it('parses a trade frame, taking the trade time and quantity', () => {
    expect(parseFrame(tradeFrame({ p: '37000.105' }), SYMBOL_MAP)).toEqual(
      tick('XBTUSDT', '37000.11', '0.015', 1700000000120),
    );
  });

  it('parses a 24h ticker frame, taking the event time and no volume', () => {
    const raw = JSON.stringify({
      stream: 'ethusdt@ticker',
      data: { e: '24hrTicker', E: 1700000000999, s: 'ETHUSDT', c: '2051.4', v: '1234.5' },
    });
    expect(parseFrame(raw, SYMBOL_MAP)).toEqual(tick('ETHUSDT', '2051.40', '0', 1700000000999));
  });

  it.each([
    ['invalid JSON', '{"stream":"btcusdt@trade","data":{'],
    ['a JSON scalar', '42'],
    ['JSON null', 'null'],
    ['an empty object', '{}'],
    ['no data', JSON.stringify({ stream: 'btcusdt@trade' })],
    ['missing p', tradeFrame({ p: undefined })],
    ['missing T', tradeFrame({ T: undefined })],
    ['missing s', tradeFrame({ s: undefined })],
    ['non-numeric p', tradeFrame({ p: 'abc' })],
    ['negative p', tradeFrame({ p: '-1' })],
    ['zero p', tradeFrame({ p: '0.00000000' })],
    ['p in exponent form', tradeFrame({ p: '1e400' })],
    ['p as a huge JSON number', tradeFrame({ p: 0 }).replace('"p":0', '"p":1e400')],
    ['p as a number', tradeFrame({ p: 37000.1 })],
    ['non-numeric q', tradeFrame({ q: 'lots' })],
    ['a fractional T', tradeFrame({ T: 1.5 })],
    ['a negative T', tradeFrame({ T: -1 })],
    ['an unknown symbol', tradeFrame({ s: 'SOLUSDT' })],
    ['another event type', tradeFrame({ e: 'aggTrade' })],
    [
      'a ticker without c',
      JSON.stringify({ stream: 'x', data: { e: '24hrTicker', E: 1, s: 'BTCUSDT' } }),
    ],
    ['a subscription reply', '{"result":null,"id":1}'],
  ])('drops %s', (_label, raw) => {
    expect(parseFrame(raw, SYMBOL_MAP)).toBeNull();
  });

  it('finds exactly the expected valid frames in the fixture', () => {
    const parsed = FIXTURE.map((line) => parseFrame(line, SYMBOL_MAP));
    expect(parsed.filter((t) => t !== null)).toEqual(EXPECTED_FIXTURE_TICKS);
    expect(parsed.filter((t) => t === null)).toHaveLength(MALFORMED_IN_FIXTURE);
  });
});

interface TestServer {
  url: string;
  connections: number;
  paths: string[];
  close(): Promise<void>;
}

/** A local stand-in for Binance; `onConnection` gets the n-th (0-based) connection's socket. */
async function startServer(
  onConnection: (socket: WebSocket, n: number) => void,
): Promise<TestServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const server: TestServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: 0,
    paths: [],
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  wss.on('connection', (socket, request) => {
    server.paths.push(request.url ?? '');
    onConnection(socket, server.connections++);
  });
  return server;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newFeed(url: string, backoff = { initialMs: 20, maxMs: 50 }): BinanceFeed {
  const feed = new BinanceFeed({ url, symbols: SYMBOLS, backoff, logger: { warn: () => {} } });
  cleanups.push(() => feed.stop());
  return feed;
}

async function serve(onConnection: (socket: WebSocket, n: number) => void): Promise<TestServer> {
  const server = await startServer(onConnection);
  cleanups.push(() => server.close());
  return server;
}

const realSetTimeout = globalThis.setTimeout;
const sleep = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

describe('BinanceFeed', () => {
  it('delivers the fixture valid frames in batches and counts the malformed ones', async () => {
    const server = await serve((socket) => {
      for (const line of FIXTURE) socket.send(line);
    });
    const feed = newFeed(server.url);
    const batches: Array<readonly Tick[]> = [];
    await feed.start((ticks) => batches.push(ticks));

    await vi.waitFor(() => expect(batches.flat()).toHaveLength(EXPECTED_FIXTURE_TICKS.length), {
      timeout: 2000,
    });
    expect(server.paths).toHaveLength(1);
    expect(server.paths[0]).toContain(STREAM_PATH);
    expect(batches.flat()).toEqual(EXPECTED_FIXTURE_TICKS);
    // One burst, so the 100 ms batching must not call back per frame.
    expect(batches.length).toBeLessThanOrEqual(2);
    expect(feed.stats).toEqual({
      frames: FIXTURE.length,
      ticks: EXPECTED_FIXTURE_TICKS.length,
      dropped: MALFORMED_IN_FIXTURE,
      reconnects: 0,
    });
  });

  it('calls back at most every 100 ms while frames trickle in', async () => {
    const validLines = FIXTURE.filter((line) => parseFrame(line, SYMBOL_MAP) !== null);
    const server = await serve(async (socket) => {
      for (const line of validLines.slice(0, 8)) {
        socket.send(line);
        await sleep(25);
      }
    });
    const feed = newFeed(server.url);
    const batchTimes: number[] = [];
    const received: Tick[] = [];
    await feed.start((ticks) => {
      batchTimes.push(performance.now());
      received.push(...ticks);
    });

    await vi.waitFor(() => expect(received).toHaveLength(8), { timeout: 2000 });
    expect(received).toEqual(EXPECTED_FIXTURE_TICKS.slice(0, 8));
    expect(batchTimes.length).toBeLessThan(8);
    for (let i = 1; i < batchTimes.length; i++) {
      // A little slack for timer granularity.
      expect((batchTimes[i] ?? 0) - (batchTimes[i - 1] ?? 0)).toBeGreaterThanOrEqual(95);
    }
  });

  it('uses the ticker streams when asked', async () => {
    const server = await serve(() => {});
    const feed = new BinanceFeed({ url: `${server.url}/`, symbols: SYMBOLS, streams: 'ticker' });
    cleanups.push(() => feed.stop());
    await feed.start(() => {});
    await vi.waitFor(() => expect(server.connections).toBe(1), { timeout: 2000 });
    expect(server.paths[0]).toBe('/stream?streams=btcusdt@ticker/ethusdt@ticker');
  });

  it('reconnects after the server closes and receives from the new connection', async () => {
    const validLines = FIXTURE.filter((line) => parseFrame(line, SYMBOL_MAP) !== null);
    const server = await serve((socket, n) => {
      const lines = n === 0 ? validLines.slice(0, 3) : validLines.slice(3, 6);
      for (const line of lines) socket.send(line);
      if (n === 0) socket.close(1001, 'going away');
    });
    const feed = newFeed(server.url);
    const received: Tick[] = [];
    await feed.start((ticks) => received.push(...ticks));

    await vi.waitFor(() => expect(received).toHaveLength(6), { timeout: 2000 });
    expect(received).toEqual(EXPECTED_FIXTURE_TICKS.slice(0, 6));
    expect(server.connections).toBe(2);
    expect(server.paths[1]).toContain(STREAM_PATH);
    expect(feed.stats.reconnects).toBeGreaterThanOrEqual(1);
  });

  it('keeps retrying while the server refuses, and recovers', async () => {
    let refuse = 2;
    const server = await serve((socket) => {
      if (refuse-- > 0) socket.terminate();
      else socket.send(FIXTURE[0] ?? '');
    });
    const feed = newFeed(server.url);
    const received: Tick[] = [];
    await feed.start((ticks) => received.push(...ticks));

    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 2000 });
    expect(server.connections).toBe(3);
    expect(feed.stats.reconnects).toBe(2);
  });

  it('doubles the backoff up to the cap and resets it after a valid frame', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1); // top of the jitter range: the full delay
    const server = await serve((socket, n) => {
      if (n < 4) return socket.terminate();
      if (n === 4) {
        socket.send(FIXTURE[0] ?? '');
        setTimeout(() => socket.close(), 20);
      }
    });
    const warnings: string[] = [];
    const feed = new BinanceFeed({
      url: server.url,
      symbols: SYMBOLS,
      backoff: { initialMs: 10, maxMs: 40 },
      logger: { warn: (msg) => warnings.push(msg) },
    });
    cleanups.push(() => feed.stop());
    await feed.start(() => {});

    await vi.waitFor(() => expect(server.connections).toBe(6), { timeout: 2000 });
    const delays = warnings.flatMap((msg) => /reconnecting in (\d+) ms/.exec(msg)?.[1] ?? []);
    expect(delays.map(Number)).toEqual([10, 20, 40, 40, 10]);
  });

  it('resets the backoff after a connection stayed open 10 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    let clock = 1_000_000;
    let third: WebSocket | undefined;
    const server = await serve((socket, n) => {
      if (n < 2) socket.terminate();
      else if (n === 2) third = socket;
    });
    const warnings: string[] = [];
    const feed = new BinanceFeed({
      url: server.url,
      symbols: SYMBOLS,
      backoff: { initialMs: 10, maxMs: 40 },
      now: () => clock,
      logger: { warn: (msg) => warnings.push(msg) },
    });
    cleanups.push(() => feed.stop());
    await feed.start(() => {});

    await vi.waitFor(() => expect(third).toBeDefined(), { timeout: 2000 });
    const socket = third as WebSocket;
    // A pong proves the client has seen 'open' (the server's 'connection' comes a moment earlier).
    await new Promise((resolve) => {
      socket.once('pong', resolve);
      socket.ping();
    });
    clock += 10_000;
    socket.close();
    await vi.waitFor(() => expect(server.connections).toBe(4), { timeout: 2000 });
    const delays = warnings.flatMap((msg) => /reconnecting in (\d+) ms/.exec(msg)?.[1] ?? []);
    expect(delays.map(Number)).toEqual([10, 20, 10]);
  });

  it('does not reconnect after stop()', async () => {
    const server = await serve((socket) => socket.send(FIXTURE[0] ?? ''));
    const feed = newFeed(server.url);
    const onTicks = vi.fn();
    await feed.start(onTicks);
    await vi.waitFor(() => expect(feed.stats.frames).toBe(1), { timeout: 2000, interval: 1 });

    await feed.stop();
    await server.close();
    await sleep(300);
    expect(server.connections).toBe(1);
    expect(feed.stats.reconnects).toBe(0);
    // The frame was still waiting for its batch; stop() discards it rather than calling back late.
    expect(onTicks).not.toHaveBeenCalled();
  });

  it('cancels a pending reconnect on stop()', async () => {
    const server = await serve((socket) => socket.close());
    const feed = newFeed(server.url, { initialMs: 200, maxMs: 200 });
    await feed.start(() => {});
    await vi.waitFor(() => expect(server.connections).toBe(1), { timeout: 2000 });
    await sleep(20); // let the close arrive so a reconnect is scheduled

    await feed.stop();
    await sleep(300);
    expect(server.connections).toBe(1);
  });

  it('reconnects a connection that has gone quiet for 60 s', async () => {
    // Only timers are faked: socket I/O stays real, and setImmediate lets it run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = await serve(() => {});
    const feed = new BinanceFeed({
      url: server.url,
      symbols: SYMBOLS,
      backoff: { initialMs: 20, maxMs: 50 },
      now: () => Date.now(),
      logger: { warn: () => {} },
    });
    cleanups.push(() => feed.stop());
    await feed.start(() => {});
    await until(() => server.connections === 1);

    await vi.advanceTimersByTimeAsync(59_000);
    await sleep(50);
    expect(server.connections).toBe(1);

    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => server.connections === 2, 50);
    expect(feed.stats.reconnects).toBe(1);
  });
});

/** Waits in real time (fakes leave `realSetTimeout` alone), advancing fake time by `stepMs`. */
async function until(done: () => boolean, stepMs = 0, timeoutMs = 2000): Promise<void> {
  for (let waited = 0; !done() && waited < timeoutMs; waited += 5) {
    await new Promise((resolve) => realSetTimeout(resolve, 5));
    if (stepMs > 0) await vi.advanceTimersByTimeAsync(stepMs);
  }
}
