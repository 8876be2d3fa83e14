import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../state/session.ts';
import { watchSessionExpiry } from './session-sync.ts';

function signedInAt(pathname: string): void {
  vi.stubGlobal('window', { location: { pathname } });
  sessionStore.set({ isLogin: true, token: 'token', userInfo: null, expired: false });
}

describe('watchSessionExpiry', () => {
  afterEach(() => {
    sessionStore.signOut();
    vi.unstubAllGlobals();
  });

  it('goes to /pass/login when the server ends the session', () => {
    signedInAt('/profile');
    const navigate = vi.fn();
    const stop = watchSessionExpiry(navigate);
    expect(navigate).not.toHaveBeenCalled();
    sessionStore.expire();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pass/login');
    stop();
  });

  it('also goes there when the session ended before it was watching', () => {
    signedInAt('/');
    sessionStore.expire();
    const navigate = vi.fn();
    watchSessionExpiry(navigate)();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pass/login');
  });

  it('stays on the login page', () => {
    signedInAt('/pass/login');
    const navigate = vi.fn();
    const stop = watchSessionExpiry(navigate);
    sessionStore.expire();
    expect(navigate).not.toHaveBeenCalled();
    stop();
  });

  it('does nothing once stopped', () => {
    signedInAt('/profile');
    const navigate = vi.fn();
    watchSessionExpiry(navigate)();
    sessionStore.expire();
    expect(navigate).not.toHaveBeenCalled();
  });
});
