import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import * as z from 'zod/mini';
import {
  MAX_SUBSCRIPTIONS,
  MESSAGE_PATH,
  subscribeCommand,
  type PriceUpdate,
  type TicksMessage,
} from '../../../contract/market/price-feed.ts';
import { authCommand, type AuthFrame, type UserFrame } from '../../../contract/user-channel.ts';
import { Code, type CodeValue } from '../../../contract/errors.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { CallerGate } from './register-route.ts';

/** Limits of the `/message` fan-out (docs/markets.md). */
export const FANOUT = {
  /** One frame per client at most this often: updates in between are merged per code. */
  intervalMs: 250,
  /** A client with more than this queued is skipped this round… */
  maxBufferedBytes: 1 << 20,
  /** …and dropped when it stays that slow this long. */
  slowForMs: 10_000,
  maxClients: 20_000,
  /** A client that sends more than this per frame is dropped (only small commands are expected). */
  maxIncomingBytes: 1024,
  /** Ticks kept per instrument between two sends of the one-instrument channel. */
  maxTicksPerSend: 200,
} as const;

interface Client {
  socket: WebSocket;
  slowSince: number | undefined;
  /** Instruments whose every tick this client also receives. */
  codes: Set<string>;
  /** The signed-in person whose events this socket receives (the user channel). */
  userId: number | undefined;
}

const clientCommand = z.union([subscribeCommand, authCommand]);

/** A command the client may send, or null for anything else (which is ignored). */
function parseCommand(text: string): z.infer<typeof clientCommand> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = clientCommand.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Whose connections are counted together: the address, or for IPv6 its /64 (one host is
 * routinely given a whole /64, so counting single IPv6 addresses would not limit it).
 */
export function hostOf(address: string | undefined): string {
  if (address === undefined) return '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0] ?? '';
  const [head = '', tail] = bare.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [
          ...left,
          ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'),
          ...right,
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Refuses an upgrade with an HTTP answer that still wears the envelope. */
function refuse(socket: Duplex, status: number, code: CodeValue): void {
  const body = JSON.stringify({ code, result: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    // Once written: a client that never closes its side must not keep the socket.
    () => socket.destroy(),
  );
}

/**
 * The live price feed at `/message` (SPEC §7): text frames holding an array of
 * {code, price, zdf, ts}. This node's price updates are merged per code and sent in batches;
 * slow clients are skipped and then dropped, so server memory stays bounded. A client may also
 * subscribe to every tick of a few instruments (contract/market/price-feed.ts), sent as objects.
 */
export function messageSocket(
  app: FastifyInstance,
  parts: { market: MarketService; channels: Channels; gate: CallerGate },
  options: { allowedOrigins: readonly string[]; maxPerHost: number },
): void {
  const { market, channels, gate } = parts;
  const { allowedOrigins, maxPerHost } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: FANOUT.maxIncomingBytes,
    clientTracking: false,
  });
  const clients = new Set<Client>();
  /**
   * Connections per host and in all, counted from the upgrade request on (not from the
   * finished handshake), so a burst of upgrades cannot slip past the limits together.
   */
  const perHost = new Map<string, number>();
  let connections = 0;
  let pending = new Map<string, PriceUpdate>();

  let pendingTicks = new Map<string, TicksMessage['ticks']>();
  /** How many clients follow each instrument's ticks: only those are collected. */
  const followers = new Map<string, number>();

  const stopPrices = market.onPrices((updates) => {
    for (const u of updates) pending.set(u.code, u);
  });
  const stopTicks = market.onTicks((ticks) => {
    for (const t of ticks) {
      if (!followers.has(t.code)) continue;
      const list = pendingTicks.get(t.code) ?? [];
      if (list.length < FANOUT.maxTicksPerSend)
        list.push({ price: t.price, volume: t.volume, ts: t.ts });
      pendingTicks.set(t.code, list);
    }
  });

  /** The latest spot book frame per pair and book, for the clients following that pair. */
  let pendingBooks = new Map<string, { code: string; frame: string }>();
  const stopBooks = channels.subscribe('spot.book', (frame) => {
    if (!followers.has(frame.code)) return;
    pendingBooks.set(`${frame.book}:${frame.code}`, {
      code: frame.code,
      frame: JSON.stringify(frame),
    });
  });

  /** Sockets per signed-in person, for the user channel. */
  const byUser = new Map<number, Set<Client>>();
  const stopUserEvents = channels.subscribe('user.events', ({ userId, event }) => {
    const sockets = byUser.get(userId);
    if (sockets === undefined) return;
    const frame = JSON.stringify({ type: 'user', event } satisfies UserFrame);
    // Events are rare and small: sent at once, but never to a socket already backed up.
    for (const client of sockets) {
      if (client.socket.bufferedAmount <= FANOUT.maxBufferedBytes) client.socket.send(frame);
    }
  });
  const setUser = (client: Client, userId: number | undefined) => {
    if (client.userId !== undefined) {
      const sockets = byUser.get(client.userId);
      sockets?.delete(client);
      if (sockets?.size === 0) byUser.delete(client.userId);
    }
    client.userId = userId;
    if (userId !== undefined) byUser.set(userId, (byUser.get(userId) ?? new Set()).add(client));
  };
  /** The user channel follows the latest auth command: an empty or dead token stops it. */
  const authenticate = async (client: Client, token: string) => {
    // A session that cannot be read now (the database away) counts as none: signedIn false.
    const session = token === '' ? undefined : await gate.session(token).catch(() => undefined);
    if (!clients.has(client)) return;
    setUser(client, session?.userId);
    const answer: AuthFrame = { type: 'auth', signedIn: session !== undefined };
    client.socket.send(JSON.stringify(answer));
  };

  const follow = (client: Client, code: string, on: boolean) => {
    if (on === client.codes.has(code)) return;
    if (on) {
      if (client.codes.size >= MAX_SUBSCRIPTIONS || market.byInstrumentCode(code) === undefined)
        return;
      client.codes.add(code);
      followers.set(code, (followers.get(code) ?? 0) + 1);
      return;
    }
    client.codes.delete(code);
    const left = (followers.get(code) ?? 1) - 1;
    if (left === 0) followers.delete(code);
    else followers.set(code, left);
  };

  const timer = setInterval(() => {
    const frame = pending.size === 0 ? undefined : JSON.stringify([...pending.values()]);
    const tickFrames = new Map(
      [...pendingTicks].map(([code, ticks]) => [
        code,
        JSON.stringify({ type: 'ticks', code, ticks } satisfies TicksMessage),
      ]),
    );
    const bookFrames = new Map<string, string[]>();
    for (const { code, frame: f } of pendingBooks.values()) {
      bookFrames.set(code, [...(bookFrames.get(code) ?? []), f]);
    }
    pending = new Map();
    pendingTicks = new Map();
    pendingBooks = new Map();
    if (frame === undefined && tickFrames.size === 0 && bookFrames.size === 0) return;
    const now = Date.now();
    for (const client of clients) {
      if (client.socket.bufferedAmount > FANOUT.maxBufferedBytes) {
        client.slowSince ??= now;
        if (now - client.slowSince > FANOUT.slowForMs) client.socket.terminate();
        continue;
      }
      client.slowSince = undefined;
      if (frame !== undefined) client.socket.send(frame);
      for (const code of client.codes) {
        const ticks = tickFrames.get(code);
        if (ticks !== undefined) client.socket.send(ticks);
        for (const book of bookFrames.get(code) ?? []) client.socket.send(book);
      }
    }
  }, FANOUT.intervalMs);

  const originAllowed = (req: IncomingMessage) => {
    const origin = req.headers.origin;
    // Non-browser clients send no Origin; browsers always do, and only ours may connect.
    if (origin === undefined) return true;
    return (
      allowedOrigins.includes(origin) ||
      origin === `http://${req.headers.host}` ||
      origin === `https://${req.headers.host}`
    );
  };

  app.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MESSAGE_PATH) return; // other upgrade paths are not ours
    if (!originAllowed(req)) return refuse(socket, 403, Code.badRequest);
    if (connections >= FANOUT.maxClients) return refuse(socket, 503, Code.busy);
    const host = hostOf(req.socket.remoteAddress);
    const ofHost = perHost.get(host) ?? 0;
    if (ofHost >= maxPerHost) return refuse(socket, 429, Code.tooManyRequests);
    perHost.set(host, ofHost + 1);
    connections += 1;
    // The raw socket closes however the connection ends, also when the handshake fails.
    socket.once('close', () => {
      connections -= 1;
      const left = (perHost.get(host) ?? 1) - 1;
      if (left === 0) perHost.delete(host);
      else perHost.set(host, left);
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = {
        socket: ws,
        slowSince: undefined,
        codes: new Set(),
        userId: undefined,
      };
      clients.add(client);
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const command = isBinary ? null : parseCommand(data.toString());
        if (command === null) return;
        if (command.op === 'auth') {
          void authenticate(client, command.token);
          return;
        }
        follow(client, command.code, command.op === 'subscribe');
      });
      ws.on('close', () => {
        for (const code of [...client.codes]) follow(client, code, false);
        setUser(client, undefined);
        clients.delete(client);
      });
      ws.on('error', () => ws.terminate());
    });
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopPrices();
    stopTicks();
    stopUserEvents();
    stopBooks();
    for (const c of clients) c.socket.terminate();
    wss.close();
  });
}
