import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authFrame, type UserEvent } from '../../contract/user-channel.ts';
import { accountEventOf } from './helpers/live.ts';
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

/** An open socket, every user event it receives, and a way to sign it in or out. */
async function socket(): Promise<{
  ws: WebSocket;
  events: UserEvent[];
  auth(token: string): Promise<boolean>;
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/message`);
  const events: UserEvent[] = [];
  const answers: ((signedIn: boolean) => void)[] = [];
  ws.on('message', (data: Buffer) => {
    const value: unknown = JSON.parse(data.toString());
    const event = accountEventOf(data);
    if (event !== undefined) events.push(event);
    const answer = authFrame.safeParse(value);
    if (answer.success) answers.shift()?.(answer.data.signedIn);
  });
  await once(ws, 'open');
  return {
    ws,
    events,
    // Each auth command is answered in order, once the session has been looked up.
    auth: (token) =>
      new Promise((resolve) => {
        answers.push(resolve);
        ws.send(JSON.stringify({ op: 'auth', token }));
      }),
  };
}

/** A round trip through the socket: frames the server sent before it have arrived. */
async function settled(ws: WebSocket): Promise<void> {
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
    expect(
      await Promise.all([a.auth(alice.token), b.auth(bob.token), visitor.auth('not-a-token')]),
    ).toEqual([true, true, false]);

    server.channels.publish('user.events', { userId: alice.id, event: event('a-1') });
    server.channels.publish('user.events', { userId: bob.id, event: event('b-1') });
    await Promise.all([settled(a.ws), settled(b.ws), settled(visitor.ws)]);
    expect(a.events.map((e) => e.id)).toEqual(['a-1']);
    expect(b.events.map((e) => e.id)).toEqual(['b-1']);
    expect(visitor.events).toEqual([]);

    // Signing out of the socket (an empty token) stops the events.
    expect(await a.auth('')).toBe(false);
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
    expect(await a.auth(alice.token)).toBe(true);
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
