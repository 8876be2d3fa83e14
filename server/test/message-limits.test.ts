import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Code } from '../../contract/errors.ts';
import { loadConfig } from '../src/platform/config.ts';
import { hostOf } from '../src/http/message-socket.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * /message connections per host (MESSAGE_MAX_PER_IP, 3 here): a burst of upgrades from one
 * address gets no more than the cap, the refusals are 429 in the envelope, another address
 * still connects, and closed connections give their places back.
 */
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ MESSAGE_MAX_PER_IP: '3', MARKET_FEED: 'off' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
});

/** Opens a websocket from `localAddress`; resolves with it open, or with the refusal's status. */
function connect(localAddress: string): Promise<WebSocket | number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/message`, { localAddress });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', reject);
  });
}

/** The raw answer to an upgrade request, to read the refusal's body. */
function upgradeAnswer(localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/message',
      localAddress,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      reject(new Error('upgraded past the cap'));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/message connections per host', () => {
  it('lets one address open only MESSAGE_MAX_PER_IP sockets, even in a burst', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => connect('127.0.0.2')));
    const open = results.filter((r): r is WebSocket => r instanceof WebSocket);
    expect(open).toHaveLength(3);
    expect(results.filter((r) => r === 429)).toHaveLength(37);

    const refusal = await upgradeAnswer('127.0.0.2');
    expect(refusal.status).toBe(429);
    expect(JSON.parse(refusal.body)).toEqual({ code: Code.tooManyRequests, result: null });

    // Another host is not affected.
    const other = await connect('127.0.0.3');
    expect(other).toBeInstanceOf(WebSocket);

    // A closed socket gives its place back.
    const first = open[0];
    if (first === undefined) throw new Error('no socket opened');
    first.close();
    await once(first, 'close');
    await new Promise((r) => setTimeout(r, 50));
    const again = await connect('127.0.0.2');
    expect(again).toBeInstanceOf(WebSocket);
    expect(await connect('127.0.0.2')).toBe(429);

    for (const ws of [...open.slice(1), other, again]) if (ws instanceof WebSocket) ws.close();
  });

  it('counts an IPv6 host by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(hostOf('2001:db8:1:2:aaaa::1')).toBe(hostOf('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(hostOf('2001:db8:1:2::1')).not.toBe(hostOf('2001:db8:1:3::1'));
    expect(hostOf('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(hostOf('::1')).toBe('0:0:0:0::/64');
    expect(hostOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(hostOf('203.0.113.7')).toBe('203.0.113.7');
  });
});

describe('MESSAGE_MAX_PER_IP', () => {
  it('is validated at start-up', () => {
    expect(() => loadConfig({ MESSAGE_MAX_PER_IP: '0' })).toThrow(/MESSAGE_MAX_PER_IP/);
    expect(() => loadConfig({ MESSAGE_MAX_PER_IP: 'lots' })).toThrow(/MESSAGE_MAX_PER_IP/);
    expect(loadConfig({}).MESSAGE_MAX_PER_IP).toBe(100);
  });
});
