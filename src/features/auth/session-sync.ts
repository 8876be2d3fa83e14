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

/** SPEC §4: when the server ends the session, go to /pass/login. */
interface Navigator {
  state: { location: { pathname: string } };
  navigate(to: string): Promise<void>;
}

export function watchSessionExpiry(router: Navigator): void {
  sessionStore.subscribe(() => {
    const s = sessionStore.get();
    if (s.expired && router.state.location.pathname !== '/pass/login') {
      void router.navigate('/pass/login');
    }
  });
}
