import type { UserInfo } from '../../contract/auth/schemas.ts';
import { createStore, local, readJson, writeJson } from './store.ts';

/** SPEC §3/§4: isLogin, token and userInfo, kept in local storage. */
export interface SessionState {
  isLogin: boolean;
  token: string | null;
  userInfo: UserInfo | null;
  /** Set when the server ended the session, so the login page can say why. */
  expired: boolean;
}

const KEY = 'kestrel.session';
const signedOut: SessionState = { isLogin: false, token: null, userInfo: null, expired: false };

const store = createStore<SessionState>(
  { ...readJson(local, KEY, signedOut), expired: false },
  (s) => writeJson(local, KEY, { ...s, expired: false }),
);

export const sessionStore = {
  ...store,
  signIn(token: string, userInfo: UserInfo) {
    store.set({ isLogin: true, token, userInfo, expired: false });
  },
  updateUser(userInfo: UserInfo) {
    if (store.get().isLogin) store.set({ ...store.get(), userInfo });
  },
  signOut() {
    store.set(signedOut);
  },
  /** The server answered 401: clear everything and let the guard send the person to log in. */
  expire() {
    if (store.get().isLogin) store.set({ ...signedOut, expired: true });
  },
};
