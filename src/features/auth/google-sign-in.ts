import type { SignInOptions } from '../../../contract/sign-in/schemas.ts';
import { call } from '../../api/client.ts';
import { perSession, readJson, writeJson } from '../../state/store.ts';

/** What the callback needs to finish: kept in this tab only, for this one attempt. */
interface Pending {
  state: string;
  codeVerifier: string;
  redirect: string;
}
const KEY = 'kestrel.oidc';

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const randomUrlSafe = (bytes: number) => base64Url(crypto.getRandomValues(new Uint8Array(bytes)));

async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * Sends the person to the provider (authorization code flow with PKCE). The state guards the
 * callback against a forged redirect; the server-issued nonce binds the ID token to this attempt.
 */
export async function startGoogleSignIn(
  google: NonNullable<SignInOptions['google']>,
  redirect: string,
): Promise<void> {
  const { nonce } = await call('signInNonce', { body: { purpose: 'oidc' } });
  const pending: Pending = { state: randomUrlSafe(24), codeVerifier: randomUrlSafe(48), redirect };
  writeJson(perSession, KEY, pending);
  const url = new URL(google.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: google.clientId,
    redirect_uri: google.redirectUri,
    scope: 'openid',
    state: pending.state,
    nonce,
    code_challenge: await challengeOf(pending.codeVerifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  window.location.assign(url.toString());
}

/** The pending attempt the callback's `state` belongs to; undefined when forged or stale. */
export function pendingFor(state: string | null): Pending | undefined {
  const pending = readJson<Pending | null>(perSession, KEY, null);
  return pending !== null && state !== null && pending.state === state ? pending : undefined;
}

/** An attempt is used once, whatever its outcome. */
export function forgetPending(): void {
  writeJson(perSession, KEY, null);
}
