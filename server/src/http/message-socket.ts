import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import * as z from 'zod/mini';
import { followCommand, staffCommand } from '../../../contract/live.ts';
import { MESSAGE_PATH } from '../../../contract/market/price-feed.ts';
import { authCommand, type AuthFrame } from '../../../contract/user-channel.ts';
import { Code, type CodeValue } from '../../../contract/errors.ts';
import { LiveHub, type LiveClient } from '../platform/live/hub.ts';
import type { LiveTopic } from '../platform/live/topic.ts';
import type { CallerGate } from './register-route.ts';

/** Limits of the `/message` socket itself; the fan-out's are the hub's (platform/live). */
export const SOCKET_LIMITS = {
  maxClients: 20_000,
  /** A client that sends more than this per frame is dropped (only small commands are expected). */
  maxIncomingBytes: 1024,
} as const;

const clientCommand = z.union([followCommand, authCommand, staffCommand]);

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
 * The `/message` socket (SPEC §7, docs/live.md): origins and connection counts are checked at
 * the upgrade, then each connection is a client of the live hub, which fans out every declared
 * topic (SPEC's price list to all, a followed key's frames, a person's own, staff's). The socket
 * parses the client's commands and knows no topic by name.
 */
export function messageSocket(
  app: FastifyInstance,
  parts: { topics: readonly LiveTopic[]; gate: CallerGate },
  options: { allowedOrigins: readonly string[]; maxPerHost: number },
): void {
  const { gate } = parts;
  const { allowedOrigins, maxPerHost } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: SOCKET_LIMITS.maxIncomingBytes,
    clientTracking: false,
  });
  const hub = new LiveHub(parts.topics);
  hub.start();
  /**
   * Connections per host and in all, counted from the upgrade request on (not from the
   * finished handshake), so a burst of upgrades cannot slip past the limits together.
   */
  const perHost = new Map<string, number>();
  let connections = 0;

  /** The person's topics follow the latest auth command: an empty or dead token stops them. */
  const authenticate = async (client: LiveClient, token: string, open: () => boolean) => {
    // A session that cannot be read now (the database away) counts as none: signedIn false.
    const session = token === '' ? undefined : await gate.session(token).catch(() => undefined);
    if (!open()) return;
    const on = hub.setPerson(client, session?.userId) && session !== undefined;
    const answer: AuthFrame = { type: 'auth', signedIn: on };
    client.socket.send(JSON.stringify(answer));
  };
  const authenticateStaff = async (client: LiveClient, token: string, open: () => boolean) => {
    const staff = token === '' ? undefined : await gate.staff(token).catch(() => undefined);
    if (!open()) return;
    hub.setStaff(client, staff?.id, staff?.role);
    client.socket.send(JSON.stringify({ type: 'staff', signedIn: staff !== undefined }));
  };

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

  const connected = (ws: WebSocket) => {
    const client = hub.add(ws);
    let open = true;
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const command = isBinary ? null : parseCommand(data.toString());
      if (command === null) return;
      if (command.op === 'auth') void authenticate(client, command.token, () => open);
      else if (command.op === 'staff') void authenticateStaff(client, command.token, () => open);
      else {
        hub.follow(client, command.topic, command.key, command.op === 'subscribe');
      }
    });
    ws.on('close', () => {
      open = false;
      hub.remove(client);
    });
    ws.on('error', () => ws.terminate());
  };

  app.server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MESSAGE_PATH) return; // other upgrade paths are not ours
    if (!originAllowed(req)) return refuse(socket, 403, Code.badRequest);
    if (connections >= SOCKET_LIMITS.maxClients) return refuse(socket, 503, Code.busy);
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
    wss.handleUpgrade(req, socket, head, connected);
  });

  app.addHook('onClose', async () => {
    hub.stop();
    wss.close();
  });
}
