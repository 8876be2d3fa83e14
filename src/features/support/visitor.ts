import type { PathName } from '../../../contract/paths.ts';
import type { RouteInput, RouteResult } from '../../../contract/routes.ts';
import { callAs, type Caller } from '../../api/client.ts';
import { createStore, local, readJson, writeJson } from '../../state/store.ts';

/** A visitor's chat (no account): the token its calls carry and its live channel's key. */
export interface VisitorChat {
  token: string;
  channel: string;
}

const KEY = 'kestrel.supportVisitor';

export const visitorStore = createStore<VisitorChat | null>(
  readJson<VisitorChat | null>(local, KEY, null),
  (v) => writeJson(local, KEY, v),
);

/** Carries the visitor's chat token; a 401 forgets it (the visitor proves their address again). */
const visitorCaller: Caller = {
  token: () => visitorStore.get()?.token ?? null,
  expire: () => visitorStore.set(null),
};

export function visitorCall<N extends PathName>(
  name: N,
  input: Partial<RouteInput<N>> = {},
): Promise<RouteResult<N>> {
  return callAs(visitorCaller, name, input);
}
