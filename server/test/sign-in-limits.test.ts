import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { VerificationCodes } from '../src/auth/codes.ts';
import { hashGate } from '../src/platform/security/passwords.ts';
import { newIdentity, registerByEmail } from './helpers/accounts.ts';
import { ADMIN, staffSession } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Sign-in, code and password-change limits under concurrency (issue 11): a try is counted in
 * the database before the password is hashed or the code compared, so a burst of guesses is
 * cut off at the limit instead of being evaluated whole; user and staff counters never meet;
 * hashing is bounded and refuses fast when full. Each attack also checks nothing was written.
 */
const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';

interface Answer {
  status: number;
  code: number;
  result: unknown;
  headers: Record<string, unknown>;
}

let server: TestServer;
let addressCounter = 0;
/** A fresh client address, so the per-address limit (30) never mixes into a test's counts. */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

async function post(url: string, body: unknown, ip: string, token?: string): Promise<Answer> {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    remoteAddress: ip,
    headers: token === undefined ? {} : { authorization: token },
  });
  const parsed = res.json<{ code: number; result: unknown }>();
  return { status: res.statusCode, ...parsed, headers: res.headers };
}

function tally(answers: readonly { code: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.code] = (counts[a.code] ?? 0) + 1;
  return counts;
}

async function passwordHashOf(username: string): Promise<string> {
  const [row] = await server.db.query<{ password_hash: string }>(
    'select password_hash from users where username = $1',
    [username],
  );
  return row?.password_hash ?? '';
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('sign-in tries are counted before the password is checked', () => {
  it('evaluates at most five of 20 concurrent wrong passwords for one account', async () => {
    const user = await registerByEmail(server);
    const sessions = await server.count('sessions');
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`${LOGIN}/login`, { account: user.username, password: 'Wrong-guess-1' }, ip),
      ),
    );
    expect(tally(answers)).toEqual({ [Code.passwordWrong]: 5, [Code.accountLocked]: 15 });
    const right = await post(
      `${LOGIN}/login`,
      { account: user.email, password: user.password },
      ip,
    );
    expect(right.code).toBe(Code.accountLocked);
    expect(await server.count('sessions')).toBe(sessions);
  });

  it('counts the username and the e-mail of one account together', async () => {
    const user = await registerByEmail(server);
    const ip = newAddress();
    for (const account of [user.username, user.email, user.username, user.email, user.email]) {
      const res = await post(`${LOGIN}/login`, { account, password: 'Wrong-guess-1' }, ip);
      expect(res.code).toBe(Code.passwordWrong);
    }
    const sessions = await server.count('sessions');
    const right = await post(
      `${LOGIN}/login`,
      { account: user.username.toUpperCase(), password: user.password },
      ip,
    );
    expect(right.code).toBe(Code.accountLocked);
    expect(await server.count('sessions')).toBe(sessions);
  });

  it('locks a name no account has like a real one', async () => {
    const ip = newAddress();
    const codes = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push(
        (await post(`${LOGIN}/login`, { account: 'nobody_here', password: 'Wrong-guess-1' }, ip))
          .code,
      );
    }
    expect(codes).toEqual([...Array<number>(5).fill(Code.passwordWrong), Code.accountLocked]);
  });

  it('keeps user and staff sign-ins apart: neither can lock the other', async () => {
    const staff = await staffSession(server, 'reviewer');
    const ip = newAddress();
    // Five failures locked an account before; each name now fills only its own user counter.
    for (const account of [`staff:${staff.username}`, staff.username]) {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          post(`${LOGIN}/login`, { account, password: 'Wrong-guess-1' }, ip),
        ),
      );
    }
    const staffLogin = await post(
      `${ADMIN}/login`,
      { username: staff.username, password: 'Staff-password-123' },
      newAddress(),
    );
    expect(staffLogin.code).toBe(200);

    const user = await registerByEmail(server);
    const staffIp = newAddress();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`${ADMIN}/login`, { username: user.username, password: 'Wrong-guess-1' }, staffIp),
      ),
    );
    const userLogin = await post(
      `${LOGIN}/login`,
      { account: user.username, password: user.password },
      newAddress(),
    );
    expect(userLogin.code).toBe(200);
  });

  it('evaluates at most five of 20 concurrent wrong staff passwords', async () => {
    const staff = await staffSession(server, 'support');
    const sessions = await server.count('staff_sessions');
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`${ADMIN}/login`, { username: staff.username, password: 'Wrong-guess-1' }, ip),
      ),
    );
    expect(tally(answers)).toEqual({ [Code.passwordWrong]: 5, [Code.accountLocked]: 15 });
    expect(await server.count('staff_sessions')).toBe(sessions);
  });
});

describe('one-time codes take a try atomically', () => {
  it('compares at most five of 40 concurrent guesses of one code', async () => {
    const codes = new VerificationCodes(server.db, server.outbox);
    const dest = { channel: 'email', address: 'guess-target@example.test' } as const;
    await codes.issue(dest, 'reset', 'en', true);
    const right = await server.lastCode(dest.address);
    const wrong = right === '000000' ? '111111' : '000000';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => codes.consume(dest, 'reset', wrong)),
    );
    const refused = outcomes.map((o) =>
      o.status === 'rejected' ? (o.reason as { code: number }).code : 200,
    );
    expect(tally(refused.map((code) => ({ code })))).toEqual({
      [Code.codeWrong]: 5,
      [Code.codeExpired]: 35,
    });
    await expect(codes.consume(dest, 'reset', right)).rejects.toMatchObject({
      code: Code.codeExpired,
    });
    const [row] = await server.db.query<{ attempts: number; consumed_at: Date | null }>(
      'select attempts, consumed_at from verification_codes where destination = $1',
      [dest.address],
    );
    expect(row).toEqual({ attempts: 5, consumed_at: null });
  });

  it('a storm of reset guesses changes no password and ends no session', async () => {
    const user = await registerByEmail(server);
    const before = await passwordHashOf(user.username);
    const sessions = await server.count('sessions where revoked_at is null');
    const sent = await post(
      `${LOGIN}/sendCode`,
      { channel: 'email', purpose: 'reset', email: user.email },
      newAddress(),
    );
    expect(sent.code).toBe(200);
    const right = await server.lastCode(user.email);
    const wrong = right === '000000' ? '111111' : '000000';
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post(
          `${USER}/repassword`,
          { mode: 'reset', email: user.email, code: wrong, password: 'New-password-1' },
          ip,
        ),
      ),
    );
    const counts = tally(answers);
    // Each guess hashes the new password first: the busy ones never reached the code.
    for (const code of Object.keys(counts).map(Number)) {
      expect([Code.codeWrong, Code.codeExpired, Code.busy]).toContain(code);
    }
    expect(counts[Code.codeWrong] ?? 0).toBeLessThanOrEqual(5);
    const [code] = await server.db.query<{ attempts: number }>(
      'select attempts from verification_codes where destination = $1',
      [user.email],
    );
    expect(code?.attempts).toBeLessThanOrEqual(5);
    expect(await passwordHashOf(user.username)).toBe(before);
    expect(await server.count('sessions where revoked_at is null')).toBe(sessions);
  });
});

describe('password change counts wrong old passwords per account', () => {
  it('evaluates at most five of 12 concurrent wrong old passwords, then refuses the right one', async () => {
    const user = await registerByEmail(server);
    const before = await passwordHashOf(user.username);
    const ip = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(
          `${USER}/repassword`,
          { mode: 'change', oldPassword: 'Wrong-guess-1', password: 'New-password-1' },
          ip,
          user.token,
        ),
      ),
    );
    expect(tally(answers)).toEqual({ [Code.passwordWrong]: 5, [Code.tooManyRequests]: 7 });
    const right = await post(
      `${USER}/repassword`,
      { mode: 'change', oldPassword: user.password, password: 'New-password-1' },
      ip,
      user.token,
    );
    expect(right.code).toBe(Code.tooManyRequests);
    expect((right.result as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await passwordHashOf(user.username)).toBe(before);
    // Sign-in is a separate counter: the account still signs in.
    const login = await post(
      `${LOGIN}/login`,
      { account: user.username, password: user.password },
      newAddress(),
    );
    expect(login.code).toBe(200);
  });
});

describe('password hashing is bounded', () => {
  it('refuses a storm fast as busy (503) at no cost of a try, and still lets account holders in', async () => {
    const person = await registerByEmail(server);
    const sessions = await server.count('sessions');
    const burst = hashGate.slots + hashGate.queue + 12;
    const names = Array.from({ length: burst }, (_, i) => `storm_${i}_${addressCounter}`);
    const storm = Promise.all(
      names.map((account) =>
        post(`${LOGIN}/login`, { account, password: 'Wrong-guess-1' }, newAddress()),
      ),
    );
    // Checks against an account's own hash go ahead of the storm's checks against the decoy.
    const real = await post(
      `${LOGIN}/login`,
      { account: person.username, password: person.password },
      newAddress(),
    );
    const answers = await storm;
    expect(real.code).toBe(200);
    const counts = tally(answers);
    expect((counts[Code.busy] ?? 0) + (counts[Code.passwordWrong] ?? 0)).toBe(burst);
    expect(counts[Code.busy]).toBeGreaterThanOrEqual(12);
    for (const a of answers.filter((x) => x.code === Code.busy)) {
      expect(a.status).toBe(503);
      expect(a.result).toEqual({ retryAfterSeconds: 1 });
    }
    const [row] = await server.db.query<{ tries: number }>(
      `select coalesce(sum(tries), 0)::int as tries from login_counters
        where realm = 'user' and subject like 'name:storm\\_%'`,
    );
    expect(row?.tries).toBe(counts[Code.passwordWrong]);
    expect(await server.count('sessions')).toBe(sessions + 1);
  });
});

describe('answers that carry a token are never stored', () => {
  it('sends Cache-Control: no-store with register, login, staff login and wallet sign-in and link', async () => {
    const id = newIdentity();
    await post(
      `${LOGIN}/sendCode`,
      { channel: 'email', purpose: 'register', email: id.email },
      newAddress(),
    );
    const register = await post(
      `${LOGIN}/register`,
      {
        method: 'email',
        username: id.username,
        email: id.email,
        password: id.password,
        code: await server.lastCode(id.email),
      },
      newAddress(),
    );
    const login = await post(
      `${LOGIN}/login`,
      { account: id.username, password: id.password },
      newAddress(),
    );
    const staff = await staffSession(server, 'admin');
    const staffLogin = await post(
      `${ADMIN}/login`,
      { username: staff.username, password: 'Staff-password-123' },
      newAddress(),
    );
    const wallet = privateKeyToAccount(generatePrivateKey());
    const signInWallet = async (token?: string) => {
      const nonce = await post(`${LOGIN}/nonce`, { purpose: 'wallet' }, newAddress());
      const message = createSiweMessage({
        domain: '127.0.0.1:8080',
        address: wallet.address,
        uri: 'http://127.0.0.1:8080',
        version: '1',
        chainId: 1,
        nonce: (nonce.result as { nonce: string }).nonce,
        issuedAt: new Date(),
      });
      const signature = await wallet.signMessage({ message });
      return post(`${LOGIN}/loginByDapp`, { message, signature }, newAddress(), token);
    };
    const linked = await signInWallet((login.result as { token: string }).token);
    const walletLogin = await signInWallet();
    for (const answer of [register, login, staffLogin, linked, walletLogin]) {
      expect(answer.code).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('checkUserNameOrPhone is limited like sign-in', () => {
  it('answers 429 in the envelope past AUTH_RATE_LIMIT_MAX a minute', async () => {
    const limited = await startTestServer({ AUTH_RATE_LIMIT_MAX: '3', MARKET_FEED: 'off' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await limited.call(
          'GET',
          `${LOGIN}/checkUserNameOrPhone?type=username&value=someone${i}`,
        );
        codes.push([res.status, res.code]);
      }
      expect(codes.slice(0, 3)).toEqual(Array(3).fill([200, 200]));
      expect(codes.slice(3)).toEqual(Array(2).fill([429, Code.tooManyRequests]));
    } finally {
      await limited.close();
    }
  });
});
