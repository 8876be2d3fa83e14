import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { newIdentity, registerByEmail } from './helpers/accounts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('registration', () => {
  it('registers by e-mail with the code from the outbox and signs in', async () => {
    const id = newIdentity();
    const user = await registerByEmail(server, id);
    const info = await server.call('POST', `${USER}/getUserInfo`, { token: user.token });
    expect(info.code).toBe(200);
    expect(info.result).toMatchObject({ username: id.username, email: id.email, book: 'demo' });
  });

  it('registers by mobile number with area code', async () => {
    const id = newIdentity('phone');
    await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'sms', purpose: 'register', areaCode: '+44', phone: '7700900123' },
    });
    const code = await server.lastCode('+447700900123');
    const res = await server.call('POST', `${LOGIN}/register`, {
      body: {
        method: 'phone',
        areaCode: '+44',
        phone: '7700900123',
        username: id.username,
        password: id.password,
        code,
      },
    });
    expect(res.code).toBe(200);
    expect(res.result).toMatchObject({
      userInfo: { areaCode: '+44', phone: '7700900123', email: null },
    });
    const check = await server.call(
      'GET',
      `${LOGIN}/checkUserNameOrPhone?type=phone&areaCode=%2B44&value=7700900123`,
    );
    expect(check.result).toEqual({ exists: true });
  });

  it('refuses a taken username and a taken e-mail, and accepts a valid invite code', async () => {
    const first = await registerByEmail(server);
    const again = await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'email', purpose: 'register', email: first.email },
    });
    expect(again.code).toBe(Code.emailOrPhoneExists);

    const id = newIdentity();
    await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'email', purpose: 'register', email: id.email },
    });
    const code = await server.lastCode(id.email);
    const taken = await server.call('POST', `${LOGIN}/register`, {
      body: {
        method: 'email',
        username: first.username.toUpperCase(),
        email: id.email,
        password: id.password,
        code,
      },
    });
    expect(taken.code).toBe(Code.usernameExists);

    const info = await server.call('POST', `${USER}/getUserInfo`, { token: first.token });
    expect(info.result).toMatchObject({ hasPassword: true });
    const { inviteCode } = info.result as { inviteCode: string };
    const invited = await server.call('POST', `${LOGIN}/register`, {
      body: {
        method: 'email',
        username: id.username,
        email: id.email,
        password: id.password,
        code,
        inviteCode,
      },
    });
    expect(invited.code).toBe(200);
  });

  it('uses a code once, counts wrong guesses and refuses expired codes', async () => {
    const id = newIdentity();
    await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'email', purpose: 'register', email: id.email },
    });
    const code = await server.lastCode(id.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { method: 'email', username: id.username, email: id.email, password: id.password };
    expect(
      (await server.call('POST', `${LOGIN}/register`, { body: { ...body, code: wrong } })).code,
    ).toBe(Code.codeWrong);
    await server.db.query(
      `update verification_codes set expires_at = now() - interval '1 second' where destination = $1`,
      [id.email],
    );
    expect((await server.call('POST', `${LOGIN}/register`, { body: { ...body, code } })).code).toBe(
      Code.codeExpired,
    );
    expect(await server.count(`users where email = '${id.email}'`)).toBe(0);
  });

  it('asks to send a code first, and limits resends', async () => {
    const id = newIdentity();
    const noCode = await server.call('POST', `${LOGIN}/register`, {
      body: {
        method: 'email',
        username: id.username,
        email: id.email,
        password: id.password,
        code: '123456',
      },
    });
    expect(noCode.code).toBe(Code.sendCodeFirst);
    const body = { channel: 'email', purpose: 'register', email: id.email };
    expect((await server.call('POST', `${LOGIN}/sendCode`, { body })).code).toBe(200);
    const soon = await server.call('POST', `${LOGIN}/sendCode`, { body });
    expect(soon.code).toBe(Code.tooManyRequests);
    expect((soon.result as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('sign-in and sessions', () => {
  it('signs in by username or e-mail, and signs out for good', async () => {
    const user = await registerByEmail(server);
    for (const account of [user.username, user.email.toUpperCase()]) {
      const res = await server.call('POST', `${LOGIN}/login`, {
        body: { account, password: user.password },
      });
      expect(res.code).toBe(200);
    }
    const login = await server.call('POST', `${LOGIN}/login`, {
      body: { account: user.username, password: user.password },
    });
    const { token } = login.result as { token: string };
    expect((await server.call('POST', `${LOGIN}/logout`, { token })).code).toBe(200);
    const after = await server.call('POST', `${USER}/getUserInfo`, { token });
    expect(after).toMatchObject({ status: 401, code: 401 });
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect(await server.call('POST', `${USER}/getUserInfo`)).toMatchObject({
      status: 401,
      code: 401,
    });
    const forged = await server.call('POST', `${USER}/getUserInfo`, { token: 'x'.repeat(43) });
    expect(forged).toMatchObject({ status: 401, code: 401 });
  });

  it('reports the book the virtually header selects', async () => {
    const user = await registerByEmail(server);
    const real = await server.call('POST', `${USER}/getUserInfo`, {
      token: user.token,
      headers: { virtually: 'YES' },
    });
    expect(real.result).toMatchObject({ book: 'real' });
    const demo = await server.call('POST', `${USER}/getUserInfo`, {
      token: user.token,
      headers: { virtually: 'NO' },
    });
    expect(demo.result).toMatchObject({ book: 'demo' });
  });

  it('locks an account for a while after five wrong passwords, even for the right one', async () => {
    const user = await registerByEmail(server);
    for (let i = 0; i < 5; i++) {
      const res = await server.call('POST', `${LOGIN}/login`, {
        body: { account: user.username, password: 'Wrong123abc' },
      });
      expect(res.code).toBe(Code.passwordWrong);
    }
    const locked = await server.call('POST', `${LOGIN}/login`, {
      body: { account: user.username, password: user.password },
    });
    expect(locked.code).toBe(Code.accountLocked);
  });

  it('gives the same answer for an unknown account as for a wrong password', async () => {
    const res = await server.call('POST', `${LOGIN}/login`, {
      body: { account: 'nobody_here', password: 'Secret123abc' },
    });
    expect(res.code).toBe(Code.passwordWrong);
  });
});

describe('passwords', () => {
  it('resets by e-mail code, revoking every session', async () => {
    const user = await registerByEmail(server);
    const sent = await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'email', purpose: 'reset', email: user.email },
    });
    expect(sent.code).toBe(200);
    const code = await server.lastCode(user.email);
    const res = await server.call('POST', `${USER}/repassword`, {
      body: { mode: 'reset', email: user.email, code, password: 'Brandnew456xyz' },
    });
    expect(res.code).toBe(200);
    expect((await server.call('POST', `${USER}/getUserInfo`, { token: user.token })).status).toBe(
      401,
    );
    const login = await server.call('POST', `${LOGIN}/login`, {
      body: { account: user.email, password: 'Brandnew456xyz' },
    });
    expect(login.code).toBe(200);
  });

  it('does not reveal whether a reset address is registered, and sends it nothing', async () => {
    const res = await server.call('POST', `${LOGIN}/sendCode`, {
      body: { channel: 'email', purpose: 'reset', email: 'stranger@example.test' },
    });
    expect(res.code).toBe(200);
    expect(await server.outbox.read(1, 'stranger@example.test')).toEqual([]);
  });

  it('changes the password when signed in, keeping this session and ending the others', async () => {
    const user = await registerByEmail(server);
    const other = await server.call('POST', `${LOGIN}/login`, {
      body: { account: user.username, password: user.password },
    });
    const otherToken = (other.result as { token: string }).token;
    const wrongOld = await server.call('POST', `${USER}/repassword`, {
      token: user.token,
      body: { mode: 'change', oldPassword: 'Nope1234567', password: 'Changed789abc' },
    });
    expect(wrongOld.code).toBe(Code.passwordWrong);
    const same = await server.call('POST', `${USER}/repassword`, {
      token: user.token,
      body: { mode: 'change', oldPassword: user.password, password: user.password },
    });
    expect(same.code).toBe(Code.samePassword);
    const ok = await server.call('POST', `${USER}/repassword`, {
      token: user.token,
      body: { mode: 'change', oldPassword: user.password, password: 'Changed789abc' },
    });
    expect(ok.code).toBe(200);
    expect((await server.call('POST', `${USER}/getUserInfo`, { token: user.token })).code).toBe(
      200,
    );
    expect((await server.call('POST', `${USER}/getUserInfo`, { token: otherToken })).status).toBe(
      401,
    );
  });

  it('stores passwords as scrypt hashes and tokens as SHA-256 hashes', async () => {
    const user = await registerByEmail(server);
    const [row] = await server.db.query<{ password_hash: string }>(
      'select password_hash from users where username = $1',
      [user.username],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    const tokens = await server.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(
      tokens.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash) && t.token_hash !== user.token),
    ).toBe(true);
  });
});
