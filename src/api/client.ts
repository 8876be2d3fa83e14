import { paths, type PathName } from '../../contract/paths.ts';
import type { RouteInput, RouteResult } from '../../contract/routes.ts';
import { headerFromBook, BOOK_HEADER, type ErrorDetail } from '../../contract/envelope.ts';
import type { Code } from '../../contract/errors.ts';
import { sessionStore } from '../state/session.ts';
import { preferences } from '../state/preferences.ts';

/**
 * The catalogue codes the client reads itself, as literals: every screen loads this file, and
 * the catalogue (contract/errors.ts) is needed only by the screens that show its messages. The
 * types keep each equal to its entry there.
 */
const OK: typeof Code.ok = 200;
const UNAUTHORIZED: typeof Code.unauthorized = 401;
const SYSTEM_ERROR: typeof Code.systemError = 10030;
const NOT_FOUND: typeof Code.notFound = 10101;

/** SPEC §9: requests give up after 90 seconds. */
const TIMEOUT_MS = 90_000;

/** A refusal from the server: `code` is a catalogue code (contract/errors.ts). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly detail: ErrorDetail = null,
  ) {
    super(`API code ${code}`);
  }
}

type Input<N extends PathName> = Partial<RouteInput<N>>;

function buildUrl(path: string, params: object | undefined, query: object | undefined): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, key: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[key] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    // SPEC §7: arrays go as repeated keys.
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && v !== null) search.append(key, String(v));
    }
  }
  const qs = search.toString();
  return qs === '' ? filled : `${filled}?${qs}`;
}

/** Whose token a call carries, and what a 401 does to it. */
export interface Caller {
  token(): string | null;
  expire(): void;
}

const userCaller: Caller = {
  token: () => sessionStore.get().token,
  expire: () => sessionStore.expire(),
};

/** The person's calls under way, and the session end new ones wait for (`endingSession`). */
const underway = new Set<Promise<unknown>>();
let sessionEnd: Promise<void> | null = null;
/** How long a session end waits for the calls already under way. */
const SETTLE_MS = 3_000;

function track<T>(promise: Promise<T>): Promise<T> {
  underway.add(promise);
  const done = () => underway.delete(promise);
  promise.then(done, done);
  return promise;
}

/**
 * Calls one contract route. Adds the token and the `virtually` book header; a 401 (HTTP or
 * code) ends the session; any other code than 200 is thrown as an ApiError.
 */
export async function call<N extends PathName>(
  name: N,
  input: Input<N> = {},
): Promise<RouteResult<N>> {
  if (sessionEnd !== null) {
    const token = sessionStore.get().token;
    await sessionEnd;
    // Made in a session that has just ended: not sent, as the server would refuse its token.
    if (token !== null && sessionStore.get().token !== token) throw new ApiError(UNAUTHORIZED);
  }
  return track(callAs(userCaller, name, input));
}

/**
 * Makes a call that ends this person's session on the server (signing out, a password reset),
 * then runs `ended` with whether it succeeded. The calls already under way finish first (at most
 * SETTLE_MS) and new ones wait until `ended` has run, so none reaches the server with a token it
 * has just revoked: such a call would be a 401 in the middle of a sign-out.
 */
export async function endingSession<N extends PathName>(
  name: N,
  input: Input<N>,
  ended: (ok: boolean) => void,
): Promise<RouteResult<N>> {
  const before = [...underway];
  let release = () => {};
  const end = new Promise<void>((resolve) => (release = resolve));
  sessionEnd = end;
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS)));
    await Promise.race([Promise.allSettled(before), bound]);
    clearTimeout(timer);
    let result: RouteResult<N>;
    try {
      result = await callAs(userCaller, name, input);
    } catch (err) {
      ended(false);
      throw err;
    }
    ended(true);
    return result;
  } finally {
    if (sessionEnd === end) sessionEnd = null;
    release();
  }
}

/** `call` with another caller's token (the back office has its own sign-in). */
export async function callAs<N extends PathName>(
  caller: Caller,
  name: N,
  input: Input<N> = {},
  form?: FormData,
): Promise<RouteResult<N>> {
  const { method, path } = paths[name];
  const headers: Record<string, string> = {
    [BOOK_HEADER]: headerFromBook(preferences.get().book),
    'accept-language': preferences.get().language,
  };
  const token = caller.token();
  if (token !== null) headers.authorization = token;
  let body: string | FormData | undefined;
  if (form !== undefined) {
    body = form; // fetch writes the multipart content type with its boundary
  } else if (method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, input.params as object, input.query as object), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new ApiError(err instanceof DOMException && err.name === 'TimeoutError' ? -1 : -2);
  }
  let envelope: { code?: unknown; result?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError(response.status === 401 ? UNAUTHORIZED : SYSTEM_ERROR);
  }
  if (response.status === 401 || envelope.code === UNAUTHORIZED) {
    caller.expire();
    throw new ApiError(UNAUTHORIZED);
  }
  if (envelope.code !== OK) {
    throw new ApiError(
      typeof envelope.code === 'number' ? envelope.code : SYSTEM_ERROR,
      (envelope.result ?? null) as ApiError['detail'],
    );
  }
  return envelope.result as RouteResult<N>;
}

/**
 * Sends a file to a route that takes an upload (contract: `upload: true`), as the one file part
 * of a multipart form; the server checks it by its content, whatever its name or type.
 */
export function upload<N extends PathName>(name: N, file: Blob): Promise<RouteResult<N>> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return track(callAs(userCaller, name, {}, form));
}

/** A file of the signed-in person's (an image they uploaded), as a Blob. */
export function fetchOwnFile<N extends PathName>(name: N, input: Input<N> = {}): Promise<Blob> {
  return fetchFile(userCaller, name, input);
}

/** Fetches a file route (an image, a CSV) with the caller's token, as a Blob. */
export async function fetchFile<N extends PathName>(
  caller: Caller,
  name: N,
  input: Input<N> = {},
): Promise<Blob> {
  const token = caller.token();
  const response = await fetch(
    buildUrl(paths[name].path, input.params as object, input.query as object),
    { headers: token === null ? {} : { authorization: token } },
  );
  if (response.status === 401) caller.expire();
  if (!response.ok) throw new ApiError(response.status === 401 ? UNAUTHORIZED : NOT_FOUND);
  return response.blob();
}
