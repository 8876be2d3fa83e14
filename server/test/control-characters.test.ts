import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { newIdentity } from './helpers/accounts.ts';
import { ADMIN, quickUser, requestKey, staffSession } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Control characters in every string field of a sample of calls (admin user search, staff
 * login, login, register): each answers 10155, never a 5xx (NUL made PostgreSQL fail with a
 * 500), and writes nothing. Multi-line fields keep line breaks and tabs. Then every refusal
 * the server makes before or outside a handler (414, 431, 413, 415, 404, 429, malformed JSON,
 * a broken header) still answers in the `{code, result}` envelope.
 */
const LOGIN = '/swx/customer/login';

/** C0 (NUL, BEL, ESC, and the line breaks and tab a single-line field refuses), DEL and C1. */
const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b', '\n', '\r', '\t', '\u007f', '\u0085'];

let server: TestServer;
let admin: string;

/** Rows every refused call must leave as they were. */
async function snapshot() {
  const tables = ['users', 'sessions', 'staff_sessions', 'verification_codes', 'audit_log'];
  return Promise.all(tables.map((t) => server.count(t)));
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  admin = (await staffSession(server, 'admin')).token;
});
afterAll(async () => {
  await server.close();
});

/** Each field of `valid` with each control character inside an otherwise fine value. */
function tainted(valid: Record<string, string>) {
  const cases: { field: string; body: Record<string, string> }[] = [];
  for (const [field, value] of Object.entries(valid)) {
    for (const c of CONTROLS) {
      cases.push({
        field,
        body: { ...valid, [field]: `${value.slice(0, 2)}${c}${value.slice(2)}` },
      });
    }
  }
  return cases;
}

describe('control characters in string fields', () => {
  it('login, register and staff login refuse them in every field, writing nothing', async () => {
    const id = newIdentity();
    const bodies = {
      [`${LOGIN}/login`]: { account: id.username, password: id.password },
      [`${LOGIN}/register`]: {
        method: 'email',
        email: id.email,
        username: id.username,
        password: id.password,
        code: '123456',
        inviteCode: 'ABCDEFGH',
      },
      [`${ADMIN}/login`]: { username: 'someone', password: 'Staff-password-123' },
    };
    const before = await snapshot();
    for (const [url, valid] of Object.entries(bodies)) {
      for (const { field, body } of tainted(valid)) {
        const res = await server.call('POST', url, { body });
        expect({ url, field, status: res.status, code: res.code, result: res.result }).toEqual({
          url,
          field,
          status: 200,
          code: Code.controlCharacters,
          result: { field },
        });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the admin user search refuses them in its query, and in a path parameter', async () => {
    for (const c of CONTROLS) {
      const q = encodeURIComponent(`ab${c}cd`);
      const res = await server.call('GET', `${ADMIN}/searchUsers?q=${q}`, { token: admin });
      expect([res.status, res.code, res.result]).toEqual([
        200,
        Code.controlCharacters,
        { field: 'q' },
      ]);
    }
    const proof = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/proof/${'a'.repeat(16)}%00${'b'.repeat(15)}`,
      headers: { authorization: admin },
    });
    expect(proof.json()).toEqual({ code: Code.controlCharacters, result: { field: 'id' } });
    const fine = await server.call('GET', `${ADMIN}/searchUsers?q=abc`, { token: admin });
    expect(fine.code).toBe(200);
  });

  it('a multi-line reason keeps its line breaks and tabs but not NUL', async () => {
    const user = await quickUser(server);
    const adjust = (reason: string) =>
      server.call('POST', `${ADMIN}/adjustBalance`, {
        token: admin,
        body: {
          key: requestKey(),
          userId: user.id,
          asset: 'USDT',
          book: 'demo',
          direction: 'credit',
          amount: '1',
          reason,
        },
      });
    const ledger = await server.count('ledger_transfers');
    const audit = await server.count('audit_log');
    expect((await adjust('Goodwill\u0000credit')).code).toBe(Code.controlCharacters);
    expect((await adjust('Goodwill\u001bcredit')).code).toBe(Code.controlCharacters);
    expect(await server.count('ledger_transfers')).toBe(ledger);
    expect(await server.count('audit_log')).toBe(audit);
    expect((await adjust('Goodwill credit\nticket 42,\tsee mail\r\n')).code).toBe(200);
  });
});

describe('every refusal wears the envelope', () => {
  let port: number;
  beforeAll(async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as AddressInfo).port;
  });

  /** Sends `raw` bytes on a new connection; the status and parsed body of the answer. */
  function rawRequest(raw: string | Buffer): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(raw));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString();
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        try {
          resolve({ status, body: JSON.parse(body) });
        } catch {
          resolve({ status, body });
        }
      });
    });
  }

  it('414 for a URI too long, 431 for headers too large, 400 for a broken header or line', async () => {
    const tooLarge = { code: Code.payloadTooLarge, result: null };
    const longLine = await rawRequest(
      `GET ${ADMIN}/searchUsers?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(longLine).toEqual({ status: 414, body: tooLarge });
    const longUrl = await rawRequest(
      `GET ${ADMIN}/searchUsers?q=${'x'.repeat(9_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(longUrl).toEqual({ status: 414, body: tooLarge });
    const longParam = await rawRequest(
      `GET /swx/customer/index/getContentsById/${'1'.repeat(300)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(longParam).toEqual({ status: 414, body: tooLarge });
    const bigHeader = await rawRequest(
      `GET /swx/customer/index/listContents/1 HTTP/1.1\r\nHost: a\r\nX-Pad: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(bigHeader).toEqual({ status: 431, body: tooLarge });
    const fine = await rawRequest(
      `GET ${ADMIN}/searchUsers?q=${'x'.repeat(7_000)} HTTP/1.1\r\nHost: a\r\n\r\n`,
    );
    expect(fine.status).toBe(401);
    const header = await rawRequest(
      `GET /swx/customer/index/listContents/1 HTTP/1.1\r\nHost: a\r\nAuthorization: a\u0001b\r\n\r\n`,
    );
    expect(header).toEqual({ status: 400, body: { code: Code.badRequest, result: null } });
    const garbage = await rawRequest('NOT AN HTTP REQUEST\r\n\r\n');
    expect(garbage).toEqual({ status: 400, body: { code: Code.badRequest, result: null } });
  });

  it('413, 415, malformed JSON, unknown paths and methods', async () => {
    const post = (body: string, type = 'application/json') =>
      server.app.inject({
        method: 'POST',
        url: `${LOGIN}/login`,
        payload: body,
        headers: { 'content-type': type },
      });
    const cases = [
      [await post(`{"account":"${'a'.repeat(70_000)}"}`), 413, Code.payloadTooLarge],
      [await post('<login/>', 'text/xml'), 400, Code.badRequest],
      [await post('{"account": "a",'), 400, Code.badRequest],
      [await post('{"__proto__": {"x": 1}}'), 400, Code.badRequest],
      [await server.app.inject({ method: 'GET', url: '/swx/nothing/here' }), 404, Code.notFound],
      [await server.app.inject({ method: 'DELETE', url: `${LOGIN}/login` }), 404, Code.notFound],
    ] as const;
    for (const [res, status, code] of cases) {
      expect([res.statusCode, res.json()]).toEqual([status, { code, result: null }]);
    }
  });

  it('429 from the per-address rate limit', async () => {
    const limited = await startTestServer({ RATE_LIMIT_MAX: '2', MARKET_FEED: 'off' });
    try {
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(await limited.call('GET', '/swx/customer/index/listContents/1'));
      }
      expect(answers[2]).toMatchObject({ status: 429, code: Code.tooManyRequests });
      expect(answers[2]?.result).toEqual({ retryAfterSeconds: expect.any(Number) });
    } finally {
      await limited.close();
    }
  });
});
