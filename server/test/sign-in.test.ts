import { createHash, randomBytes } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage, type SiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { SIGN_IN_LIMITS } from '../../contract/sign-in/schemas.ts';
import { registerByEmail } from './helpers/accounts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const LOGIN = '/swx/customer/login';
const SITE = 'http://127.0.0.1:8080';
const CLIENT_ID = 'kestrel-test-client';

interface Answer {
  status: number;
  code: number;
  result: unknown;
}
interface SignedIn {
  token: string;
  created: boolean;
  linked: boolean;
  userInfo: { id: number; username: string };
}

describe('wallet sign-in (SIWE)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: SITE });
  });
  afterAll(() => server.close());

  async function nonce(purpose: 'wallet' | 'oidc' = 'wallet'): Promise<string> {
    const res = await server.call('POST', `${LOGIN}/nonce`, { body: { purpose } });
    expect(res.code).toBe(200);
    return (res.result as { nonce: string }).nonce;
  }

  /** A message the app would build; `change` breaks one field at a time. */
  async function message(account: PrivateKeyAccount, change: Partial<SiweMessage> = {}) {
    return createSiweMessage({
      domain: '127.0.0.1:8080',
      address: account.address,
      statement: 'Sign in to Kestrel Markets.',
      uri: SITE,
      version: '1',
      chainId: 1,
      nonce: change.nonce ?? (await nonce()),
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 5 * 60_000),
      ...change,
    });
  }

  async function signIn(
    text: string,
    signer: PrivateKeyAccount,
    token?: string,
  ): Promise<Answer & { result: SignedIn }> {
    const signature = await signer.signMessage({ message: text });
    const res = await server.call('POST', `${LOGIN}/loginByDapp`, {
      body: { message: text, signature },
      ...(token === undefined ? {} : { token }),
    });
    return res as Answer & { result: SignedIn };
  }

  it('opens an account on the first signature and finds it on the next', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const users = await server.count('users');
    const first = await signIn(await message(wallet), wallet);
    expect(first.code).toBe(200);
    expect(first.result.created).toBe(true);
    expect(first.result.userInfo.username).toBe(`w${wallet.address.slice(2, 12).toLowerCase()}`);
    expect(await server.count('users')).toBe(users + 1);

    const info = await server.call('POST', '/swx/customer/user/getUserInfo', {
      token: first.result.token,
    });
    expect((info.result as { id: number }).id).toBe(first.result.userInfo.id);
    // No password to change: settings offers none.
    expect(info.result).toMatchObject({ hasPassword: false, email: null });

    const again = await signIn(await message(wallet, { chainId: 8453 }), wallet);
    expect(again.code).toBe(200);
    expect(again.result.created).toBe(false);
    expect(again.result.userInfo.id).toBe(first.result.userInfo.id);
    expect(await server.count('users')).toBe(users + 1);
  });

  it('refuses each forged or stale message with its code and opens no account', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const cases: [string, () => Promise<Answer>, number, string?][] = [
      [
        'wrong domain',
        async () => signIn(await message(wallet, { domain: 'evil.example' }), wallet),
        Code.walletMessageWrong,
        'domain',
      ],
      [
        'wrong uri',
        async () => signIn(await message(wallet, { uri: 'https://evil.example/' }), wallet),
        Code.walletMessageWrong,
        'uri',
      ],
      [
        'wrong chain',
        async () => signIn(await message(wallet, { chainId: 999 }), wallet),
        Code.walletMessageWrong,
        'chainId',
      ],
      [
        'issued in the future',
        async () =>
          signIn(await message(wallet, { issuedAt: new Date(Date.now() + 10 * 60_000) }), wallet),
        Code.walletMessageWrong,
        'issuedAt',
      ],
      [
        'expired',
        async () =>
          signIn(
            await message(wallet, { issuedAt: minutesAgo(3), expirationTime: minutesAgo(1) }),
            wallet,
          ),
        Code.walletMessageExpired,
      ],
      [
        'issued too long ago',
        async () =>
          signIn(
            await message(wallet, { issuedAt: minutesAgo(20), expirationTime: undefined }),
            wallet,
          ),
        Code.walletMessageExpired,
      ],
      [
        'signed by another address',
        async () => signIn(await message(wallet), other),
        Code.walletSignatureWrong,
      ],
      [
        'unknown nonce',
        async () => signIn(await message(wallet, { nonce: 'a'.repeat(32) }), wallet),
        Code.walletNonceWrong,
      ],
      [
        'a nonce issued for Google',
        async () => signIn(await message(wallet, { nonce: await nonce('oidc') }), wallet),
        Code.walletNonceWrong,
      ],
      [
        'a malformed signature',
        async () =>
          server.call('POST', `${LOGIN}/loginByDapp`, {
            body: { message: await message(wallet), signature: '0x1234' },
          }),
        Code.walletSignatureWrong,
      ],
      [
        'not a SIWE message',
        async () =>
          server.call('POST', `${LOGIN}/loginByDapp`, {
            body: { message: 'hello', signature: '0x12' },
          }),
        Code.walletMessageWrong,
      ],
      [
        'a NUL in the message',
        async () =>
          server.call('POST', `${LOGIN}/loginByDapp`, {
            body: { message: 'a\u0000b', signature: '0x12' },
          }),
        Code.controlCharacters,
        'message',
      ],
    ];
    const users = await server.count('users');
    const identities = await server.count('user_identities');
    for (const [name, attempt, code, field] of cases) {
      const res = await attempt();
      expect({ name, code: res.code }).toEqual({ name, code });
      if (field !== undefined) expect(res.result).toEqual({ field });
    }
    expect(await server.count('users')).toBe(users);
    expect(await server.count('user_identities')).toBe(identities);
  });

  it('takes a nonce once: a replayed signature is refused, a failed one leaves it usable', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const other = privateKeyToAccount(generatePrivateKey());
    const text = await message(wallet);
    expect((await signIn(text, other)).code).toBe(Code.walletSignatureWrong);
    const signature = await wallet.signMessage({ message: text });
    const body = { message: text, signature };
    const [a, b] = await Promise.all([
      server.call('POST', `${LOGIN}/loginByDapp`, { body }),
      server.call('POST', `${LOGIN}/loginByDapp`, { body }),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, Code.walletNonceWrong].sort());
    const replay = await server.call('POST', `${LOGIN}/loginByDapp`, { body });
    expect(replay.code).toBe(Code.walletNonceWrong);
  });

  it('links a wallet to a signed-in account, once, and never to a second account', async () => {
    const person = await registerByEmail(server);
    const wallet = privateKeyToAccount(generatePrivateKey());
    const linked = await signIn(await message(wallet), wallet, person.token);
    expect(linked.code).toBe(200);
    expect(linked.result).toMatchObject({ created: false, linked: true });
    expect(linked.result.userInfo.username).toBe(person.username);

    const later = await signIn(await message(wallet), wallet);
    expect(later.result).toMatchObject({ created: false, linked: false });
    expect(later.result.userInfo.username).toBe(person.username);

    const someoneElse = await registerByEmail(server);
    const taken = await signIn(await message(wallet), wallet, someoneElse.token);
    expect(taken.code).toBe(Code.identityLinkedElsewhere);
  });

  it('lists the linked wallets, checksummed, and refuses to link past the limit with nothing written', async () => {
    const person = await registerByEmail(server);
    const list = async () =>
      server.call('GET', '/swx/customer/user/listSignIns', { token: person.token });
    expect((await list()).result).toEqual([]);

    const wallets = Array.from({ length: SIGN_IN_LIMITS.identitiesPerAccount }, () =>
      privateKeyToAccount(generatePrivateKey()),
    );
    for (const wallet of wallets) {
      expect((await signIn(await message(wallet), wallet, person.token)).code).toBe(200);
    }
    const listed = (await list()).result as { provider: string; subject: string }[];
    expect(listed.map((l) => l.subject).sort()).toEqual(wallets.map((w) => w.address).sort());
    expect(new Set(listed.map((l) => l.provider))).toEqual(new Set(['wallet']));

    const identities = await server.count('user_identities');
    const sessions = await server.count('sessions');
    const oneTooMany = privateKeyToAccount(generatePrivateKey());
    const refused = await signIn(await message(oneTooMany), oneTooMany, person.token);
    expect(refused.code).toBe(Code.signInsFull);
    expect(await server.count('user_identities')).toBe(identities);
    expect(await server.count('sessions')).toBe(sessions);

    const visitor = await server.call('GET', '/swx/customer/user/listSignIns');
    expect(visitor.status).toBe(401);
  });

  it('gives a wallet account no password to guess or change', async () => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { result } = await signIn(await message(wallet), wallet);
    const login = await server.call('POST', `${LOGIN}/login`, {
      body: { account: result.userInfo.username, password: 'Anything123' },
    });
    expect(login.code).toBe(Code.passwordWrong);
    const change = await server.call('POST', '/swx/customer/user/repassword', {
      token: result.token,
      body: { mode: 'change', oldPassword: 'Anything123', password: 'Newpass123' },
    });
    expect(change.code).toBe(Code.passwordWrong);
  });

  it('states what it accepts', async () => {
    const res = await server.call('GET', `${LOGIN}/signInOptions`);
    expect(res.result).toMatchObject({
      wallet: { domain: '127.0.0.1:8080', uri: SITE },
      google: null,
    });
    const google = await server.call('POST', `${LOGIN}/loginByGoogle`, {
      body: { code: 'abc', codeVerifier: 'v'.repeat(43) },
    });
    expect(google.code).toBe(Code.signInUnavailable);
  });
});

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  let provider: OAuth2Server;
  let stranger: OAuth2Server;
  let server: TestServer;
  let issuer: string;
  /** The `sub` the provider puts in the next tokens it signs (its own default is "johndoe"). */
  let subject = 'google-subject-1';

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    issuer = provider.issuer.url ?? '';
    provider.service.on('beforeTokenSigning', (token) => {
      token.payload.sub = subject;
    });
    // Another provider's key under the same issuer name: its tokens must fail the signature check.
    stranger = new OAuth2Server();
    await stranger.issuer.keys.generate('RS256');
    stranger.issuer.url = issuer;
    server = await startTestServer({
      PUBLIC_URL: SITE,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'test-secret',
      OIDC_ISSUER: issuer,
      OIDC_JWKS_URL: `${issuer}/jwks`,
      OIDC_AUTHORIZATION_ENDPOINT: `${issuer}/authorize`,
      OIDC_TOKEN_ENDPOINT: `${issuer}/token`,
    });
  });
  afterAll(async () => {
    await server.close();
    await provider.stop();
  });

  async function nonce(): Promise<string> {
    const res = await server.call('POST', `${LOGIN}/nonce`, { body: { purpose: 'oidc' } });
    return (res.result as { nonce: string }).nonce;
  }

  /** What the browser does: authorize with PKCE and a nonce, come back with a code. */
  async function authorize(withNonce: string, as = 'google-subject-1') {
    subject = as;
    const codeVerifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
    const url = new URL(`${issuer}/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: `${SITE}/api/loginCallback/google`,
      scope: 'openid email',
      state: 'state-1',
      nonce: withNonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(url, { redirect: 'manual' });
    const code = new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
    return { code, codeVerifier };
  }

  it('opens an account keyed by issuer and subject, and finds it again', async () => {
    const users = await server.count('users');
    const first = await server.call('POST', `${LOGIN}/loginByGoogle`, {
      body: await authorize(await nonce()),
    });
    expect(first.code).toBe(200);
    expect(first.result).toMatchObject({ created: true });
    const again = await server.call('POST', `${LOGIN}/loginByGoogle`, {
      body: await authorize(await nonce()),
    });
    expect(again.result).toMatchObject({ created: false });
    expect((again.result as SignedIn).userInfo.id).toBe((first.result as SignedIn).userInfo.id);
    expect(await server.count('users')).toBe(users + 1);
    const options = await server.call('GET', `${LOGIN}/signInOptions`);
    expect(options.result).toMatchObject({
      google: { clientId: CLIENT_ID, redirectUri: `${SITE}/api/loginCallback/google` },
    });
  });

  it('refuses a used code, a nonce it did not issue, and a nonce used twice', async () => {
    const users = await server.count('users');
    const used = await authorize(await nonce(), 'google-subject-2');
    expect((await server.call('POST', `${LOGIN}/loginByGoogle`, { body: used })).code).toBe(200);
    // This provider redeems a code twice but without its nonce; the token fails either way.
    const reused = await server.call('POST', `${LOGIN}/loginByGoogle`, { body: used });
    expect(reused.code).toBe(Code.googleTokenWrong);

    const forged = await authorize('b'.repeat(32), 'google-subject-3');
    const res = await server.call('POST', `${LOGIN}/loginByGoogle`, { body: forged });
    expect(res.code).toBe(Code.walletNonceWrong);

    const once = await nonce();
    await server.call('POST', `${LOGIN}/loginByGoogle`, {
      body: await authorize(once, 'google-subject-4'),
    });
    const twice = await server.call('POST', `${LOGIN}/loginByGoogle`, {
      body: await authorize(once, 'google-subject-5'),
    });
    expect(twice.code).toBe(Code.walletNonceWrong);
    expect(await server.count('users')).toBe(users + 2);
  });

  it('refuses ID tokens with a wrong audience, issuer, signature or expiry', async () => {
    const oidc = server.modules.auth.oidcSignIn;
    if (!oidc) throw new Error('Google sign-in is not configured');
    const good = { aud: CLIENT_ID, iss: issuer, sub: 'someone', nonce: 'n'.repeat(32) };
    const build = (from: OAuth2Server, claims: Record<string, unknown>, expiresIn = 600) =>
      from.issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => Object.assign(payload, good, claims),
      });
    await expect(oidc.verifyIdToken(await build(provider, {}))).resolves.toMatchObject(good);
    const cases: [string, Promise<string>][] = [
      ['audience', build(provider, { aud: 'another-client' })],
      ['issuer', build(provider, { iss: 'https://evil.example' })],
      ['signature', build(stranger, {})],
      ['expiry', build(provider, {}, -120)],
      ['nonce', build(provider, { nonce: undefined })],
    ];
    for (const [name, token] of cases) {
      await expect(oidc.verifyIdToken(await token), name).rejects.toMatchObject({
        code: Code.googleTokenWrong,
      });
    }
  });
});
