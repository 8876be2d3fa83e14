import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, isCode } from '../../contract/errors.ts';
import { registerByEmail } from './helpers/accounts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every auth call with missing, malformed, oversized and hostile values: each must answer a
 * catalogue code, never a 5xx, and write nothing (no user, session or sent code).
 */
const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';

const hostile = [
  "' OR '1'='1",
  "admin'--",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '\u0000',
  '${7*7}',
  'x'.repeat(10_000),
  '',
  ' ',
  '😀',
];
const wrongTypes: unknown[] = [null, 42, true, [], {}, ['a', 'b']];

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

const validRegister = {
  method: 'email',
  username: 'validname1',
  email: 'valid1@example.test',
  password: 'Secret123abc',
  code: '123456',
};
const validSms = { channel: 'sms', purpose: 'register', areaCode: '+44', phone: '7700900999' };

function mutations(url: string, valid: Record<string, unknown>): Case[] {
  const cases: Case[] = [
    { name: `${url} no body`, method: 'POST', url },
    { name: `${url} array body`, method: 'POST', url, body: [valid] },
  ];
  for (const field of Object.keys(valid)) {
    const { [field]: _omit, ...rest } = valid;
    cases.push({ name: `${url} without ${field}`, method: 'POST', url, body: rest });
    for (const value of [...hostile, ...wrongTypes]) {
      cases.push({
        name: `${url} ${field}=${JSON.stringify(value)?.slice(0, 30)}`,
        method: 'POST',
        url,
        body: { ...valid, [field]: value },
      });
    }
  }
  return cases;
}

const cases: Case[] = [
  ...mutations(`${LOGIN}/sendCode`, {
    channel: 'email',
    purpose: 'register',
    email: 'a1@example.test',
  }),
  ...mutations(`${LOGIN}/sendCode`, validSms),
  ...mutations(`${LOGIN}/register`, validRegister),
  ...mutations(`${LOGIN}/register`, { ...validRegister, inviteCode: 'ABCDEFGH' }),
  ...mutations(`${LOGIN}/login`, { account: 'validname1', password: 'Secret123abc' }),
  ...mutations(`${USER}/repassword`, {
    mode: 'reset',
    email: 'a1@example.test',
    code: '123456',
    password: 'Secret123abc',
  }),
  ...hostile.flatMap((v): Case[] => [
    {
      name: `check username ${v.slice(0, 20)}`,
      method: 'GET',
      url: `${LOGIN}/checkUserNameOrPhone?type=username&value=${encodeURIComponent(v)}`,
    },
    {
      name: `check email ${v.slice(0, 20)}`,
      method: 'GET',
      url: `${LOGIN}/checkUserNameOrPhone?type=email&value=${encodeURIComponent(v)}`,
    },
    {
      name: `check type ${v.slice(0, 20)}`,
      method: 'GET',
      url: `${LOGIN}/checkUserNameOrPhone?type=${encodeURIComponent(v)}&value=abc`,
    },
  ]),
  {
    name: 'check with repeated keys',
    method: 'GET',
    url: `${LOGIN}/checkUserNameOrPhone?type=username&type=email&value=a`,
  },
];

let server: TestServer;
let signedIn: { token: string; password: string };
beforeAll(async () => {
  server = await startTestServer();
  signedIn = await registerByEmail(server);
});
afterAll(async () => {
  await server.close();
});

describe('bad input to the auth calls', () => {
  it(`answers a catalogue code and writes nothing (${cases.length} cases)`, async () => {
    const before = {
      users: await server.count('users'),
      sessions: await server.count('sessions'),
      codes: await server.count('verification_codes'),
    };
    const failures: string[] = [];
    for (const c of cases) {
      const res = await server.call(c.method, c.url, c.body === undefined ? {} : { body: c.body });
      if (res.status >= 500 || !isCode(res.code) || res.code === Code.ok) {
        failures.push(`${c.name}: HTTP ${res.status} code ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await server.count('users')).toBe(before.users);
    expect(await server.count('sessions')).toBe(before.sessions);
    expect(await server.count('verification_codes')).toBe(before.codes);
  });

  it('maps each form mistake to its SPEC §5 message', async () => {
    const post = (url: string, body: unknown) => server.call('POST', url, { body });
    expect((await post(`${LOGIN}/login`, { password: 'x' })).code).toBe(Code.enterAccount);
    expect((await post(`${LOGIN}/login`, { account: 'someone' })).code).toBe(Code.enterPassword);
    expect(
      (await post(`${LOGIN}/register`, { ...validRegister, email: 'not-an-email' })).code,
    ).toBe(Code.emailWrong);
    expect((await post(`${LOGIN}/register`, { ...validRegister, username: '1abc' })).code).toBe(
      Code.usernameWrong,
    );
    expect((await post(`${LOGIN}/register`, { ...validRegister, password: 'short1' })).code).toBe(
      Code.passwordWeak,
    );
    expect((await post(`${LOGIN}/register`, { ...validRegister, password: '' })).code).toBe(
      Code.enterPassword,
    );
    expect((await post(`${LOGIN}/register`, { ...validRegister, code: '' })).code).toBe(
      Code.enterCode,
    );
    expect((await post(`${LOGIN}/register`, { ...validRegister, code: '12ab56' })).code).toBe(
      Code.codeWrong,
    );
    expect((await post(`${LOGIN}/register`, { ...validRegister, username: '' })).code).toBe(
      Code.enterAccount,
    );
    expect((await post(`${LOGIN}/sendCode`, validSms)).code).toBe(200);
    expect((await post(`${LOGIN}/sendCode`, { ...validSms, phone: '12' })).code).toBe(
      Code.phoneWrong,
    );
  });

  it('refuses a body over the size limit with 413 and a code', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${LOGIN}/login`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'b'.repeat(100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: Code.payloadTooLarge, result: null });
  });

  it('refuses malformed JSON and unknown content types with a code', async () => {
    const broken = await server.app.inject({
      method: 'POST',
      url: `${LOGIN}/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ code: Code.badRequest, result: null });
    const xml = await server.app.inject({
      method: 'POST',
      url: `${LOGIN}/login`,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.json()).toMatchObject({ code: Code.badRequest });
  });

  it('answers unknown API paths with a code, never a stack trace', async () => {
    for (const url of [
      '/swx/customer/nothing',
      '/swx/customer/login/../../etc/passwd',
      '/swx/%00',
    ]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: Code.notFound, result: null });
    }
  });

  it('changes no password when the change is malformed', async () => {
    const before = await server.db.query<{ password_hash: string }>(
      'select password_hash from users',
    );
    for (const body of [
      { mode: 'change', oldPassword: signedIn.password, password: "' OR a=a --" },
      { mode: 'change', oldPassword: "' OR 1=1 --", password: 'Another123abc' },
      { mode: 'change', password: 'Another123abc' },
      { mode: 'hack', oldPassword: signedIn.password, password: 'Another123abc' },
    ]) {
      const res = await server.call('POST', `${USER}/repassword`, { token: signedIn.token, body });
      expect(res.code).not.toBe(200);
      expect(res.status).toBeLessThan(500);
    }
    expect(await server.db.query('select password_hash from users')).toEqual(before);
  });
});
