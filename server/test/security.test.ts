import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { Keyring } from '../src/platform/files/envelope.ts';
import { FILES_TABLE, rewrapAll } from '../src/platform/files/rotate.ts';
import { LoginThrottle } from '../src/platform/security/login-throttle.ts';
import { TOTP_SECRETS } from '../src/security/sealed.ts';
import { SecondFactors } from '../src/security/second-factors.ts';
import { TOTP_PERIOD_SECONDS, totpCode } from '../src/security/totp.ts';
import { registerByEmail } from './helpers/accounts.ts';
import { defined } from './helpers/defined.ts';
import { credit, requestKey, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Authenticator codes and recovery codes (issue 32, docs/security.md), through the HTTP calls:
 * enrolment, the sign-in's second step, withdrawals with the second factor, the withdrawal hold
 * after a security change, and the attacks: wrong, replayed and next-window codes, a used
 * recovery code, a ticket used twice or late, another person's ticket.
 */
const LOGIN = '/swx/customer/login';
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
});
afterAll(() => server.close());

type Person = Awaited<ReturnType<typeof registerByEmail>> & { id: number };

async function person(): Promise<Person> {
  const p = await registerByEmail(server);
  const info = await server.call('POST', `${USER}/getUserInfo`, { token: p.token });
  return { ...p, id: (info.result as { id: number }).id };
}

/** The next 30-second step, so a code of it was never used. */
function nextStep(): void {
  server.clock.advance(STEP_MS);
}

/** Enrols an authenticator and answers its secret and the ten recovery codes. */
async function enrol(p: Person): Promise<{ secret: string; recoveryCodes: string[] }> {
  const begun = await server.call('POST', `${USER}/security/totp/begin`, {
    token: p.token,
    body: { password: p.password },
  });
  expect(begun.code).toBe(200);
  const { secret, uri } = begun.result as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const confirmed = await server.call('POST', `${USER}/security/totp/confirm`, {
    token: p.token,
    body: { code: totpCode(secret, server.clock.now()) },
  });
  expect(confirmed.code).toBe(200);
  const { recoveryCodes } = confirmed.result as { recoveryCodes: string[] };
  nextStep();
  return { secret, recoveryCodes };
}

const login = (p: Person, device?: string) =>
  server.call('POST', `${LOGIN}/login`, {
    body: { account: p.username, password: p.password, ...(device && { device }) },
  });
const secondStep = (ticket: string, secondFactor: object) =>
  server.call('POST', `${LOGIN}/secondFactor`, { body: { ticket, secondFactor } });
const ticketOf = (answer: { result: unknown }) =>
  defined((answer.result as { ticket?: string } | null)?.ticket, 'ticket');

describe('authenticator enrolment', () => {
  it('needs a first right code, shows ten recovery codes once, and cannot be begun twice', async () => {
    const p = await person();
    // A session alone cannot enrol: the password first.
    for (const body of [{}, { password: 'not-the-password' }]) {
      const refused = await server.call('POST', `${USER}/security/totp/begin`, {
        token: p.token,
        body,
      });
      expect(refused.code).toBe(Code.passwordWrong);
    }
    expect(
      await server.db.query('select 1 from totp_authenticators where user_id = $1', [p.id]),
    ).toHaveLength(0);
    const begun = await server.call('POST', `${USER}/security/totp/begin`, {
      token: p.token,
      body: { password: p.password },
    });
    const { secret } = begun.result as { secret: string };
    const wrong = await server.call('POST', `${USER}/security/totp/confirm`, {
      token: p.token,
      body: { code: totpCode(secret, server.clock.now() + 10 * STEP_MS) },
    });
    expect(wrong.code).toBe(Code.secondFactorWrong);
    const status = await server.call('GET', `${USER}/security`, { token: p.token });
    expect(status.result).toMatchObject({ totp: false });
    const confirmed = await server.call('POST', `${USER}/security/totp/confirm`, {
      token: p.token,
      body: { code: totpCode(secret, server.clock.now()) },
    });
    const codes = (confirmed.result as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const after = await server.call('GET', `${USER}/security`, { token: p.token });
    expect(after.result).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    const again = await server.call('POST', `${USER}/security/totp/begin`, {
      token: p.token,
      body: { password: p.password },
    });
    expect(again.code).toBe(Code.secondFactorOn);
    // The secret is stored sealed: neither it nor its base32 text is in the row.
    const [row] = await server.db.query<{ ciphertext: Buffer }>(
      'select ciphertext from totp_authenticators where user_id = $1',
      [p.id],
    );
    expect(defined(row, 'row').ciphertext.toString('utf8')).not.toContain(secret);
    const hashes = await server.db.query<{ code_hash: string }>(
      'select code_hash from recovery_codes where user_id = $1',
      [p.id],
    );
    expect(hashes.map((h) => h.code_hash)).not.toContain(codes[0]);
  });

  it('a confirmation without a begun enrolment answers 10233', async () => {
    const p = await person();
    const res = await server.call('POST', `${USER}/security/totp/confirm`, {
      token: p.token,
      body: { code: '123456' },
    });
    expect(res.code).toBe(Code.secondFactorNotStarted);
  });
});

describe('the sign-in’s second step', () => {
  it('asks a new device for a code, takes it once, then trusts the device', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const first = await login(p, 'device-one-0000000001');
    expect(first.code).toBe(Code.secondFactorRequired);
    const ticket = ticketOf(first);
    // A code of the next step (a phone whose clock runs ahead) and a wrong one are refused
    // and keep the ticket.
    const ahead = await secondStep(ticket, {
      totp: totpCode(secret, server.clock.now() + STEP_MS),
    });
    expect(ahead.code).toBe(Code.secondFactorWrong);
    const code = totpCode(secret, server.clock.now());
    const signed = await secondStep(ticket, { totp: code });
    expect(signed.code).toBe(200);
    expect(signed.result).toMatchObject({ userInfo: { id: p.id } });
    // The ticket is spent; the same code on a new ticket is a replay in its step.
    expect((await secondStep(ticket, { totp: code })).code).toBe(Code.signInTicketExpired);
    const other = await login(p, 'device-two-0000000002');
    expect((await secondStep(ticketOf(other), { totp: code })).code).toBe(Code.secondFactorWrong);
    // The device the code vouched for signs in with the password alone.
    expect((await login(p, 'device-one-0000000001')).code).toBe(200);
    // A code of the step before still counts (typed as the step turned); an older one not.
    server.clock.advance(2 * STEP_MS);
    const previous = totpCode(secret, server.clock.now() - STEP_MS);
    expect((await secondStep(ticketOf(await login(p)), { totp: previous })).code).toBe(200);
    const old = totpCode(secret, server.clock.now() - 3 * STEP_MS);
    expect((await secondStep(ticketOf(await login(p)), { totp: old })).code).toBe(
      Code.secondFactorWrong,
    );
  });

  it('a recovery code signs in once; a ticket lives five minutes', async () => {
    const p = await person();
    const { recoveryCodes } = await enrol(p);
    const recovery = defined(recoveryCodes[3], 'code').toLowerCase().replace(/-/g, ' ');
    const signed = await secondStep(ticketOf(await login(p)), { recoveryCode: recovery });
    expect(signed.code).toBe(200);
    const reused = await secondStep(ticketOf(await login(p)), { recoveryCode: recovery });
    expect(reused.code).toBe(Code.secondFactorWrong);
    const status = await server.call('GET', `${USER}/security`, { token: p.token });
    expect(status.result).toMatchObject({ recoveryCodesLeft: 9 });
    const ticket = ticketOf(await login(p));
    server.clock.advance(6 * 60_000);
    const late = await secondStep(ticket, { recoveryCode: defined(recoveryCodes[4], 'code') });
    expect(late.code).toBe(Code.signInTicketExpired);
  });

  it('a ticket is only its own person’s: another person’s code does not finish it', async () => {
    const a = await person();
    const b = await person();
    await enrol(a);
    const { secret: secretB } = await enrol(b);
    const ticketA = ticketOf(await login(a));
    const res = await secondStep(ticketA, { totp: totpCode(secretB, server.clock.now()) });
    expect(res.code).toBe(Code.secondFactorWrong);
  });

  it('without a second factor, a password signs in as before', async () => {
    const p = await person();
    expect((await login(p)).code).toBe(200);
  });
});

describe('withdrawals with a second factor', () => {
  const withdraw = (p: Person, key: string, secondFactor?: object) =>
    server.call('POST', `${USER}/withdrawal`, {
      token: p.token,
      headers: { virtually: 'YES' },
      body: {
        method: 'crypto',
        key,
        asset: 'USDT',
        network: 'ethereum',
        address: '0x1111111111111111111111111111111111111111',
        amount: '20',
        ...(secondFactor && { secondFactor }),
      },
    });

  it('asks for the code, takes a right one once, and replays a retry with a fresh one', async () => {
    const p = await person();
    await credit(server, p.id, { asset: 'USDT', amount: '100', book: 'real' });
    const { secret } = await enrol(p);
    const key = requestKey();
    expect((await withdraw(p, key)).code).toBe(Code.secondFactorRequired);
    expect((await withdraw(p, key, { totp: '000000' })).code).toBe(Code.secondFactorWrong);
    const code = totpCode(secret, server.clock.now());
    const done = await withdraw(p, key, { totp: code });
    expect(done.code).toBe(200);
    expect((await withdraw(p, requestKey(), { totp: code })).code).toBe(Code.secondFactorWrong);
    nextStep();
    const retry = await withdraw(p, key, { totp: totpCode(secret, server.clock.now()) });
    expect(retry.code).toBe(200);
    expect((retry.result as { id: number }).id).toBe((done.result as { id: number }).id);
    expect(await server.count('withdrawals')).toBeGreaterThan(0);
    const mine = await server.db.query('select 1 from withdrawals where user_id = $1', [p.id]);
    expect(mine).toHaveLength(1);
  });

  it('waits 24 hours after the factor is turned off, and says until when', async () => {
    const p = await person();
    await credit(server, p.id, { asset: 'USDT', amount: '100', book: 'real' });
    const { secret } = await enrol(p);
    const off = await server.call('POST', `${USER}/security/totp/disable`, {
      token: p.token,
      body: { secondFactor: { totp: totpCode(secret, server.clock.now()) } },
    });
    expect(off.code).toBe(200);
    const held = (off.result as { withdrawalsHeldUntil: string | null }).withdrawalsHeldUntil;
    expect(Date.parse(defined(held, 'hold')) - server.clock.now()).toBeGreaterThan(23 * 3_600_000);
    const refused = await withdraw(p, requestKey());
    expect(refused).toMatchObject({ code: Code.withdrawalsHeld, result: { until: held } });
    server.clock.advance(24 * 3_600_000 + 1000);
    expect((await withdraw(p, requestKey())).code).toBe(200);
  });
});

describe('guesses at once (on PostgreSQL they overlap for real)', () => {
  it('50 guesses on one account: at most 5 are checked, the rest wait (10102)', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const ticket = ticketOf(await login(p));
    const right = totpCode(secret, server.clock.now());
    const guesses = Array.from({ length: 50 }, (_, i) =>
      String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => secondStep(ticket, { totp: g })));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.secondFactorWrong).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== Code.secondFactorWrong)).toEqual(
      Array(codes.filter((c) => c !== Code.secondFactorWrong).length).fill(Code.tooManyRequests),
    );
    // Locked out for the window: even the right code waits, and nothing signed in.
    expect((await secondStep(ticket, { totp: right })).code).toBe(Code.tooManyRequests);
    const sessions = await server.db.query('select 1 from sessions where user_id = $1', [p.id]);
    expect(sessions).toHaveLength(1);
  });

  it('one right code sent twice at once signs in once', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const tickets = [ticketOf(await login(p)), ticketOf(await login(p))];
    const code = totpCode(secret, server.clock.now());
    const answers = await Promise.all(tickets.map((t) => secondStep(t, { totp: code })));
    expect(answers.map((a) => a.code).sort((x, y) => x - y)).toEqual([200, Code.secondFactorWrong]);
  });
});

describe('key rotation', () => {
  it('rewraps authenticator secrets with the files; a code still verifies under the new key', async () => {
    const p = await person();
    const { secret } = await enrol(p);
    const current = server.files.keyring.current;
    const next = { id: 'rotated', key: randomBytes(32) };
    const rotated = new Keyring([next, current]);
    const report = await rewrapAll(server.db, rotated, 2, [FILES_TABLE, TOTP_SECRETS]);
    expect(report.missing).toEqual({});
    const [row] = await server.db.query<{ master_key_id: string }>(
      'select master_key_id from totp_authenticators where user_id = $1',
      [p.id],
    );
    expect(row?.master_key_id).toBe('rotated');
    // The secret opens under the new key alone.
    const factors = new SecondFactors(
      server.db,
      new Keyring([next]),
      new LoginThrottle(server.db),
      server.clock.now,
    );
    await factors.verify(p.id, { totp: totpCode(secret, server.clock.now()) });
  });
});
