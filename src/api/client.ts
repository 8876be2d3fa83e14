import { paths, type PathName } from '../../contract/paths.ts';
import type { RouteInput, RouteResult } from '../../contract/routes.ts';
import { headerFromBook, BOOK_HEADER } from '../../contract/envelope.ts';
import { Code } from '../../contract/errors.ts';
import { sessionStore } from '../state/session.ts';
import { preferences } from '../state/preferences.ts';

/** SPEC §9: requests give up after 90 seconds. */
const TIMEOUT_MS = 90_000;

/** A refusal from the server: `code` is a catalogue code (contract/errors.ts). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    readonly detail: { field?: string; retryAfterSeconds?: number } | null = null,
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

/**
 * Calls one contract route. Adds the token and the `virtually` book header; a 401 (HTTP or
 * code) ends the session; any other code than 200 is thrown as an ApiError.
 */
export async function call<N extends PathName>(
  name: N,
  input: Input<N> = {},
): Promise<RouteResult<N>> {
  const { method, path } = paths[name];
  const headers: Record<string, string> = {
    [BOOK_HEADER]: headerFromBook(preferences.get().book),
    'accept-language': preferences.get().language,
  };
  const token = sessionStore.get().token;
  if (token !== null) headers.authorization = token;
  let body: string | undefined;
  if (method === 'POST') {
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
    throw new ApiError(response.status === 401 ? Code.unauthorized : Code.systemError);
  }
  if (response.status === 401 || envelope.code === Code.unauthorized) {
    sessionStore.expire();
    throw new ApiError(Code.unauthorized);
  }
  if (envelope.code !== Code.ok) {
    throw new ApiError(
      typeof envelope.code === 'number' ? envelope.code : Code.systemError,
      (envelope.result ?? null) as ApiError['detail'],
    );
  }
  return envelope.result as RouteResult<N>;
}
