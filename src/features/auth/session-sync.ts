import { call } from '../../api/client.ts';
import { sessionStore } from '../../state/session.ts';

/** SPEC §4: on start-up a stored login refreshes the user info. */
export async function refreshUserInfo(): Promise<void> {
  if (!sessionStore.get().isLogin) return;
  try {
    sessionStore.updateUser(await call('getUserInfo'));
  } catch {
    // A 401 already ended the session in the client; other failures keep the stored info.
  }
}

const LOGIN_PATH = '/pass/login';

/**
 * SPEC §4: when the server ends the session, go to /pass/login. Also checked once on start, for
 * a session that ended before the router was there to listen.
 */
export function watchSessionExpiry(navigate: (to: string) => void): () => void {
  const leave = () => {
    if (sessionStore.get().expired && window.location.pathname !== LOGIN_PATH) navigate(LOGIN_PATH);
  };
  leave();
  return sessionStore.subscribe(leave);
}
