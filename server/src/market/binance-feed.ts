import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import type { FeedSource, Tick } from './types.ts';

export interface BinanceSymbol {
  /** Our instrument code, e.g. "BTCUSDT". */
  code: string;
  /** Binance stream symbol, e.g. "btcusdt" (case does not matter). */
  binanceSymbol: string;
  precision: number;
}

export interface BinanceFeedOptions {
  /** Base address without path, e.g. "wss://stream.binance.com:9443". */
  url: string;
  symbols: ReadonlyArray<BinanceSymbol>;
  streams?: 'trade' | 'ticker';
  backoff?: { initialMs: number; maxMs: number };
  now?: () => number;
  logger?: { warn(msg: string): void };
}

export interface BinanceFeedStats {
  frames: number;
  ticks: number;
  dropped: number;
  reconnects: number;
}

const FLUSH_INTERVAL_MS = 100;
const STABLE_CONNECTION_MS = 10_000;
const STALE_CONNECTION_MS = 60_000;
const CLOSE_TIMEOUT_MS = 1_000;
// Real frames are a few hundred bytes; a cap keeps a broken peer from buffering megabytes.
const MAX_PAYLOAD_BYTES = 64 * 1024;
// Longer strings are no real price and only cost BigInt work.
const MAX_DECIMAL_LENGTH = 64;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Rounds a non-negative decimal string half up to `precision` decimals. Works on the digits
 * (BigInt for the carry) so no price ever passes through a binary float. Returns null for
 * anything but a plain non-negative decimal (signs, exponents, "NaN", "Infinity", blanks).
 */
export function formatPrice(decimal: string, precision: number): string | null {
  if (!Number.isSafeInteger(precision) || precision < 0) return null;
  if (decimal.length > MAX_DECIMAL_LENGTH) return null;
  const match = DECIMAL.exec(decimal);
  if (match === null) return null;
  const whole = match[1] ?? '0';
  const frac = (match[2] ?? '').padEnd(precision + 1, '0');
  const roundUp = (frac[precision] ?? '0') >= '5';
  const units = BigInt(whole + frac.slice(0, precision)) + (roundUp ? 1n : 0n);
  return unitsToDecimal(units, precision);
}

function unitsToDecimal(units: bigint, precision: number): string {
  const digits = units.toString().padStart(precision + 1, '0');
  const cut = digits.length - precision;
  return precision === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

const decimalString = z.string().regex(DECIMAL).max(MAX_DECIMAL_LENGTH);
const epochMs = z.number().int().nonnegative();

// Only the fields we use are checked; Binance adds fields over time and that must not drop frames.
const tradeEvent = z.object({
  e: z.literal('trade'),
  E: epochMs,
  s: z.string().min(1),
  p: z.string(),
  q: decimalString,
  T: epochMs,
});
const tickerEvent = z.object({
  e: z.literal('24hrTicker'),
  E: epochMs,
  s: z.string().min(1),
  c: z.string(),
});
const combinedFrame = z.object({
  stream: z.string(),
  data: z.discriminatedUnion('e', [tradeEvent, tickerEvent]),
});

/**
 * One combined-stream frame to a tick, or null when the frame is unusable. `symbols` is keyed by
 * the lower-case Binance symbol ("btcusdt").
 */
export function parseFrame(
  raw: string,
  symbols: Map<string, { code: string; precision: number }>,
): Tick | null {
  const json = parseJson(raw);
  if (json === undefined) return null;
  const frame = combinedFrame.safeParse(json);
  if (!frame.success) return null;
  const data = frame.data.data;
  const instrument = symbols.get(data.s.toLowerCase());
  if (instrument === undefined) return null;
  const price = formatPrice(data.e === 'trade' ? data.p : data.c, instrument.precision);
  // A zero price is as unusable for a chart as a negative one.
  if (price === null || !/[1-9]/.test(price)) return null;
  return data.e === 'trade'
    ? { code: instrument.code, price, volume: data.q, ts: data.T }
    : { code: instrument.code, price, volume: '0', ts: data.E };
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** Live prices from Binance's public combined streams, reconnecting on its own. */
export class BinanceFeed implements FeedSource {
  readonly name = 'binance';
  readonly simulated = false;
  readonly stats: BinanceFeedStats = { frames: 0, ticks: 0, dropped: 0, reconnects: 0 };

  private readonly endpoint: string;
  private readonly symbols: Map<string, { code: string; precision: number }>;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly now: () => number;
  private readonly logger: { warn(msg: string): void };

  private onTicks: ((ticks: readonly Tick[]) => void) | null = null;
  private socket: WebSocket | null = null;
  private pending: Tick[] = [];
  private attempt = 0;
  private openedAt: number | null = null;
  private lastFrameAt = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private watchdogTimer: NodeJS.Timeout | null = null;

  constructor(options: BinanceFeedOptions) {
    if (options.symbols.length === 0) throw new RangeError('BinanceFeed needs at least one symbol');
    const kind = options.streams ?? 'trade';
    const streams = options.symbols.map((s) => `${s.binanceSymbol.toLowerCase()}@${kind}`);
    this.endpoint = `${options.url.replace(/\/+$/, '')}/stream?streams=${streams.join('/')}`;
    this.symbols = new Map(options.symbols.map((s) => [s.binanceSymbol.toLowerCase(), s] as const));
    this.backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? console;
  }

  /** Resolves once connecting has begun; failures are retried in the background. */
  async start(onTicks: (ticks: readonly Tick[]) => void): Promise<void> {
    if (this.onTicks !== null) throw new Error('BinanceFeed already started');
    this.onTicks = onTicks;
    this.attempt = 0;
    this.connect();
  }

  /** Closes the socket and timers; ticks not yet flushed are discarded, no callback follows. */
  async stop(): Promise<void> {
    this.onTicks = null;
    this.pending = [];
    this.clearTimer('flushTimer');
    this.clearTimer('reconnectTimer');
    this.clearTimer('watchdogTimer');
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) await closeSocket(socket);
  }

  private connect(): void {
    const socket = new WebSocket(this.endpoint, { maxPayload: MAX_PAYLOAD_BYTES });
    this.socket = socket;
    this.openedAt = null;
    // Counting from the attempt also catches a handshake that never completes.
    this.lastFrameAt = this.now();
    this.armWatchdog(STALE_CONNECTION_MS);
    socket.on('open', () => {
      if (this.socket === socket) this.openedAt = this.now();
    });
    socket.on('message', (data) => {
      if (this.socket === socket) this.handleMessage(rawToString(data));
    });
    // ws always follows 'error' with 'close', so reconnecting is left to 'close'.
    socket.on('error', (err) => {
      if (this.socket === socket) this.logger.warn(`binance feed: ${err.message}`);
    });
    socket.on('close', () => {
      if (this.socket === socket) this.handleClose();
    });
  }

  private handleMessage(raw: string): void {
    this.stats.frames++;
    this.lastFrameAt = this.now();
    const tick = parseFrame(raw, this.symbols);
    if (tick === null) {
      this.stats.dropped++;
      return;
    }
    this.attempt = 0;
    this.stats.ticks++;
    this.pending.push(tick);
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  private flush(): void {
    this.flushTimer = null;
    const ticks = this.pending;
    this.pending = [];
    if (ticks.length === 0 || this.onTicks === null) return;
    try {
      this.onTicks(ticks);
    } catch (err) {
      // A failing consumer must not take the connection down with it.
      this.logger.warn(`binance feed: onTicks threw: ${String(err)}`);
    }
  }

  private handleClose(): void {
    this.socket = null;
    this.clearTimer('watchdogTimer');
    if (this.openedAt !== null && this.now() - this.openedAt >= STABLE_CONNECTION_MS) {
      this.attempt = 0;
    }
    if (this.onTicks !== null) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null) return;
    const delay = this.backoffDelay();
    this.attempt++;
    this.logger.warn(`binance feed: disconnected, reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.onTicks === null) return;
      this.stats.reconnects++;
      this.connect();
    }, delay);
  }

  /** Doubling delay capped at max, with "equal jitter" so clients spread out but never hammer. */
  private backoffDelay(): number {
    const { initialMs, maxMs } = this.backoff;
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(this.attempt, 30));
    return Math.round(base / 2 + Math.random() * (base / 2));
  }

  /** One timer per period rather than one per frame: it re-arms for whatever time is left. */
  private armWatchdog(delayMs: number): void {
    this.clearTimer('watchdogTimer');
    this.watchdogTimer = setTimeout(() => {
      this.watchdogTimer = null;
      const idle = this.now() - this.lastFrameAt;
      if (idle < STALE_CONNECTION_MS) {
        this.armWatchdog(STALE_CONNECTION_MS - idle);
        return;
      }
      this.logger.warn(`binance feed: no frame for ${idle} ms, reconnecting`);
      // terminate() skips the closing handshake, which a stale peer would not answer.
      this.socket?.terminate();
    }, delayMs);
  }

  private clearTimer(name: 'flushTimer' | 'reconnectTimer' | 'watchdogTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }
}

/** Closes with a normal close code, forcing it if the peer does not answer in time. */
function closeSocket(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => socket.terminate(), CLOSE_TIMEOUT_MS);
    socket.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    socket.close(1000);
  });
}
