import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { Code } from '../../../contract/errors.ts';
import type { IdentityLoginResult } from '../../../contract/sign-in/schemas.ts';
import type { ClientInfo } from './accounts.ts';
import { AppError } from '../errors.ts';
import type { Identities } from './identities.ts';
import type { SignInNonces } from './nonces.ts';

export interface OidcConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
  jwksUrl: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** The app's callback route on this site; the provider must send the person back there. */
  redirectUri: string;
}

/** Google's ID tokens name their issuer with or without the scheme. */
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const CLOCK_TOLERANCE_SECONDS = 30;
const TOKEN_ENDPOINT_TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({ id_token: z.string().max(16_384) });

const tokenWrong = (reason: string) => new AppError(Code.googleTokenWrong, { field: reason });

/**
 * OpenID Connect sign-in (Google by default), authorization code flow with PKCE: the server
 * redeems the code at the token endpoint, then checks the ID token's signature against the
 * issuer's JWKS, its audience, issuer, expiry and a server-issued nonce. Accounts are keyed by
 * issuer + subject.
 */
export class OidcSignIn {
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  private readonly issuers: string[];

  constructor(
    private readonly config: OidcConfig,
    private readonly nonces: SignInNonces,
    private readonly identities: Identities,
  ) {
    this.jwks = createRemoteJWKSet(new URL(config.jwksUrl), { timeoutDuration: 5_000 });
    this.issuers = GOOGLE_ISSUERS.includes(config.issuer) ? GOOGLE_ISSUERS : [config.issuer];
  }

  options() {
    return {
      clientId: this.config.clientId,
      authorizationEndpoint: this.config.authorizationEndpoint,
      redirectUri: this.config.redirectUri,
    };
  }

  async signIn(
    body: { code: string; codeVerifier: string },
    client: ClientInfo,
    signedInUserId: number | undefined,
  ): Promise<IdentityLoginResult> {
    const claims = await this.verifyIdToken(await this.redeem(body.code, body.codeVerifier));
    const nonce = claims.nonce as string;
    return this.identities.signIn(
      { provider: 'oidc', issuer: this.issuers[0] ?? this.config.issuer, subject: claims.sub },
      (tx) => this.nonces.consume(tx, 'oidc', nonce),
      client,
      signedInUserId,
    );
  }

  /** The ID token checks, on their own so tests can hand in tokens the provider would not. */
  async verifyIdToken(idToken: string): Promise<JWTPayload & { sub: string; nonce: string }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        issuer: this.issuers,
        audience: this.config.clientId,
        algorithms: ['RS256', 'ES256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
      }));
    } catch (err) {
      // The provider's keys not answering is an outage, not a bad token.
      if (err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid) throw err;
      if (err instanceof errors.JOSEError) throw tokenWrong(err.code);
      throw err;
    }
    const { sub, nonce } = payload;
    if (typeof sub !== 'string' || sub === '' || sub.length > 255) throw tokenWrong('sub');
    if (typeof nonce !== 'string' || !/^[A-Za-z0-9]{16,64}$/.test(nonce)) {
      throw tokenWrong('nonce');
    }
    return { ...payload, sub, nonce };
  }

  private async redeem(code: string, codeVerifier: string): Promise<string> {
    const res = await fetch(this.config.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: this.config.redirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }),
      signal: AbortSignal.timeout(TOKEN_ENDPOINT_TIMEOUT_MS),
    });
    // 4xx: the code is unknown, used or not for this verifier; the person starts again.
    if (res.status >= 400 && res.status < 500) throw tokenWrong('code');
    if (!res.ok) throw new Error(`token endpoint answered ${res.status}`);
    const parsed = tokenAnswer.safeParse(await res.json());
    if (!parsed.success) throw new Error('token endpoint answered without an id_token');
    return parsed.data.id_token;
  }
}
