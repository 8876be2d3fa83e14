import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../state/session.ts';
import { ApiError, call, endingSession } from './client.ts';

interface Sent {
  path: string;
  token: string | null;
  answer(code: number): void;
}

/** A server stand-in that answers each request only when the test says so. */
function holdingServer(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    return new Promise<Response>((resolve) => {
      sent.push({
        path: url.split('?')[0] ?? url,
        token: headers.authorization ?? null,
        answer: (code) => resolve(new Response(JSON.stringify({ code, result: null }))),
      });
    });
  });
  return sent;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const user = { username: 'ann' } as Parameters<typeof sessionStore.signIn>[1];

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut();
});

describe('endingSession', () => {
  it('sends the revoking call only after the calls under way are answered', async () => {
    const sent = holdingServer();
    sessionStore.signIn('t1', user);
    const earlier = call('getUserInfo');
    const logout = endingSession('logout', {}, () => sessionStore.signOut());
    await settle();
    expect(sent.map((s) => s.path)).toEqual(['/swx/customer/user/getUserInfo']);
    sent[0]?.answer(200);
    await earlier;
    await settle();
    expect(sent.map((s) => s.path)).toEqual([
      '/swx/customer/user/getUserInfo',
      '/swx/customer/login/logout',
    ]);
    expect(sent[1]?.token).toBe('t1');
    sent[1]?.answer(200);
    await logout;
    expect(sessionStore.get().isLogin).toBe(false);
  });

  it('does not send a call made during the sign-out with the token it revokes', async () => {
    const sent = holdingServer();
    sessionStore.signIn('t1', user);
    const logout = endingSession('logout', {}, () => sessionStore.signOut());
    await settle();
    const during = call('getUserInfo');
    sent[0]?.answer(200);
    await logout;
    await expect(during).rejects.toEqual(new ApiError(401));
    expect(sent.map((s) => s.path)).toEqual(['/swx/customer/login/logout']);
  });

  it('lets the waiting calls go with the session when the call fails', async () => {
    const sent = holdingServer();
    sessionStore.signIn('t1', user);
    const reset = endingSession('repassword', {}, (ok) => ok && sessionStore.signOut());
    await settle();
    const during = call('getUserInfo');
    sent[0]?.answer(10005);
    await expect(reset).rejects.toEqual(new ApiError(10005));
    await settle();
    expect(sent[1]?.token).toBe('t1');
    sent[1]?.answer(200);
    await during;
    expect(sessionStore.get().isLogin).toBe(true);
  });
});
