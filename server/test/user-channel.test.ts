import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userFrame, type UserEvent } from '../../contract/user-channel.ts';
import { quickUser } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The user channel on /message: a socket that sent a live session token receives that
 * person's events and no one else's; a bad token, a malformed command or a signed-out socket
 * receives none; the bus refuses a malformed event before any socket sees it.
 */
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
});

/** An open socket and every user frame it receives. */
async function socket(): Promise<{ ws: WebSocket; events: UserEvent[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/message`);
  const events: UserEvent[] = [];
  ws.on('message', (data: Buffer) => {
    const parsed = userFrame.safeParse(JSON.parse(data.toString()));
    if (parsed.success) events.push(parsed.data.event);
  });
  await once(ws, 'open');
  return { ws, events };
}

/** A round trip through the socket's server side: commands before it have been handled. */
async function settled(ws: WebSocket): Promise<void> {
  ws.ping();
  await once(ws, 'pong');
  // The auth command resolves the session asynchronously; one more turn lets it land.
  await new Promise((resolve) => setImmediate(resolve));
  ws.ping();
  await once(ws, 'pong');
}

const event = (id: string): UserEvent => ({ topic: 'orders', id, at: Date.now() });

describe('the user channel', () => {
  it("sends a person's events to their signed-in sockets only", async () => {
    const alice = await quickUser(server);
    const bob = await quickUser(server);
    const a = await socket();
    const b = await socket();
    const visitor = await socket();
    a.ws.send(JSON.stringify({ op: 'auth', token: alice.token }));
    b.ws.send(JSON.stringify({ op: 'auth', token: bob.token }));
    visitor.ws.send(JSON.stringify({ op: 'auth', token: 'not-a-session-token' }));
    await Promise.all([settled(a.ws), settled(b.ws), settled(visitor.ws)]);

    server.channels.publish('user.events', { userId: alice.id, event: event('a-1') });
    server.channels.publish('user.events', { userId: bob.id, event: event('b-1') });
    await Promise.all([settled(a.ws), settled(b.ws), settled(visitor.ws)]);
    expect(a.events.map((e) => e.id)).toEqual(['a-1']);
    expect(b.events.map((e) => e.id)).toEqual(['b-1']);
    expect(visitor.events).toEqual([]);

    // Signing out of the socket (an empty token) stops the events.
    a.ws.send(JSON.stringify({ op: 'auth', token: '' }));
    await settled(a.ws);
    server.channels.publish('user.events', { userId: alice.id, event: event('a-2') });
    await settled(a.ws);
    expect(a.events.map((e) => e.id)).toEqual(['a-1']);
    for (const s of [a, b, visitor]) s.ws.close();
  });

  it('ignores malformed commands and refuses malformed events on the bus', async () => {
    const alice = await quickUser(server);
    const a = await socket();
    for (const text of ['{"op":"auth"}', '{"op":"auth","token":5}', 'null', '"\u0000"']) {
      a.ws.send(text);
    }
    a.ws.send(JSON.stringify({ op: 'auth', token: alice.token }));
    await settled(a.ws);
    const refusedBefore = server.channels.refused.get('user.events') ?? 0;
    // Straight onto the bus, as another node could: an id with a control character, no topic.
    const bus = (server.channels as unknown as { bus: { publish(c: string, m: string): void } })
      .bus;
    bus.publish('user.events', JSON.stringify({ userId: alice.id, event: event('bad\u0000id') }));
    bus.publish('user.events', JSON.stringify({ userId: alice.id, event: { id: 'x', at: 1 } }));
    bus.publish('user.events', '{not json');
    server.channels.publish('user.events', { userId: alice.id, event: event('good') });
    await settled(a.ws);
    expect(a.events.map((e) => e.id)).toEqual(['good']);
    expect(server.channels.refused.get('user.events')).toBe(refusedBefore + 3);
    a.ws.close();
  });
});
