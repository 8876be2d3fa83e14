import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { MESSAGE_PATH, type PriceUpdate } from '../../../contract/price-feed.ts';
import type { MarketService } from '../market/market-service.ts';

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
} as const;

interface Client {
  socket: WebSocket;
  slowSince: number | undefined;
}

/**
 * The live price feed at `/message` (SPEC §7): text frames holding an array of
 * {code, price, zdf}. This node's price updates are merged per code and sent in batches; slow
 * clients are skipped and then dropped, so server memory stays bounded.
 */
export function messageSocket(
  app: FastifyInstance,
  market: MarketService,
  allowedOrigins: readonly string[],
): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: FANOUT.maxIncomingBytes,
    clientTracking: false,
  });
  const clients = new Set<Client>();
  let pending = new Map<string, PriceUpdate>();

  const unsubscribe = market.onPrices((updates) => {
    for (const u of updates) pending.set(u.code, u);
  });

  const timer = setInterval(() => {
    if (pending.size === 0 || clients.size === 0) {
      pending = new Map();
      return;
    }
    const frame = JSON.stringify([...pending.values()]);
    pending = new Map();
    const now = Date.now();
    for (const client of clients) {
      if (client.socket.bufferedAmount > FANOUT.maxBufferedBytes) {
        client.slowSince ??= now;
        if (now - client.slowSince > FANOUT.slowForMs) client.socket.terminate();
        continue;
      }
      client.slowSince = undefined;
      client.socket.send(frame);
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
    if (!originAllowed(req) || clients.size >= FANOUT.maxClients) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client: Client = { socket: ws, slowSince: undefined };
      clients.add(client);
      ws.on('close', () => clients.delete(client));
      ws.on('error', () => ws.terminate());
    });
  });

  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    for (const c of clients) c.socket.terminate();
    wss.close();
  });
}
