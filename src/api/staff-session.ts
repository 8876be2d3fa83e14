import type { Staff, StaffRole } from '../../contract/admin/schemas.ts';
import type { PathName } from '../../contract/paths.ts';
import {
  routes,
  type RouteInput,
  type RouteName,
  type RouteResult,
} from '../../contract/routes.ts';
import { createStore, local, readJson, writeJson } from '../state/store.ts';
import { callAs, fetchFile, type Caller } from './client.ts';

/** Every query of the back office starts with this key, so signing out can drop them all. */
export const ADMIN_KEY = 'admin';

/**
 * The back office's own sign-in: a staff token kept apart from the user session (its own
 * storage key, its own caller), so signing in as staff never touches a user's token.
 */
export interface StaffSessionState {
  token: string | null;
  staff: Staff | null;
  /** When the server ends the session (8 hours after sign-in). */
  expiresAt: string | null;
  /** Set when the server ended the session, so the sign-in page can say why. */
  expired: boolean;
  /** Set when the person signed out here: the sign-in page then offers no way back. */
  left: boolean;
}

const KEY = 'kestrel.staff';
const signedOut: StaffSessionState = {
  token: null,
  staff: null,
  expiresAt: null,
  expired: false,
  left: false,
};

function restore(): StaffSessionState {
  const saved = readJson<Partial<StaffSessionState>>(local, KEY, {});
  const live =
    typeof saved.token === 'string' &&
    saved.staff !== null &&
    typeof saved.staff === 'object' &&
    typeof saved.expiresAt === 'string' &&
    Date.parse(saved.expiresAt) > Date.now();
  return live
    ? {
        token: saved.token ?? null,
        staff: saved.staff ?? null,
        expiresAt: saved.expiresAt ?? null,
        expired: false,
        left: false,
      }
    : signedOut;
}

const store = createStore<StaffSessionState>(restore(), (s) =>
  writeJson(local, KEY, { ...s, expired: false, left: false }),
);

export const staffSession = {
  ...store,
  signIn(token: string, staff: Staff, expiresAt: string) {
    store.set({ token, staff, expiresAt, expired: false, left: false });
  },
  /** The server's current view of the staff member (a role may have changed). */
  update(staff: Staff) {
    const s = store.get();
    if (s.token === null) return;
    const same =
      s.staff?.id === staff.id &&
      s.staff.role === staff.role &&
      s.staff.username === staff.username;
    if (!same) store.set({ ...s, staff });
  },
  signOut() {
    store.set({ ...signedOut, left: true });
  },
  /** The server answered 401: forget the token; the guard sends the person to sign in. */
  expire() {
    if (store.get().token !== null) store.set({ ...signedOut, expired: true });
  },
};

/** Carries the staff token (never the user's) and ends the staff session on a 401. */
export const staffCaller: Caller = {
  token: () => staffSession.get().token,
  expire: () => staffSession.expire(),
};

/** One back-office call with the staff token. */
export function staffCall<N extends PathName>(
  name: N,
  input: Partial<RouteInput<N>> = {},
): Promise<RouteResult<N>> {
  return callAs(staffCaller, name, input);
}

/** A file route (proof image, audit CSV) with the staff token. */
export function staffFile<N extends PathName>(
  name: N,
  input: Partial<RouteInput<N>> = {},
): Promise<Blob> {
  return fetchFile(staffCaller, name, input);
}

/** Whether the role may call the route: a back-office screen follows the server's rule. */
export function roleMayCall(role: StaffRole, name: RouteName): boolean {
  return (routes[name].roles ?? []).includes(role);
}
