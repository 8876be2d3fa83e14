import type { Capability } from '../http/capability.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { CodeSender } from '../platform/notify/code-sender.ts';
import type { LoginThrottle } from '../platform/security/login-throttle.ts';
import { Accounts, type SignInGuard } from './accounts.ts';
import { VerificationCodes } from './codes.ts';
import { Identities } from './identities.ts';
import { SignInNonces } from './nonces.ts';
import { OidcSignIn } from './oidc-sign-in.ts';
import { authRoutes } from './routes.ts';
import { Sessions } from './sessions.ts';
import { WalletSignIn } from './wallet-sign-in.ts';
import type { AuthServices } from './services.ts';

/** What accounts and sign-in need from the platform. */
export interface AuthNeeds {
  db: Database;
  config: Pick<
    Config,
    | 'SESSION_TTL_HOURS'
    | 'PUBLIC_URL'
    | 'SIWE_CHAIN_IDS'
    | 'GOOGLE_CLIENT_ID'
    | 'GOOGLE_CLIENT_SECRET'
    | 'OIDC_ISSUER'
    | 'OIDC_JWKS_URL'
    | 'OIDC_AUTHORIZATION_ENDPOINT'
    | 'OIDC_TOKEN_ENDPOINT'
    | 'AUTH_RATE_LIMIT_MAX'
  >;
  /** Where verification codes go (SMTP, or the local outbox). */
  sender: CodeSender;
  throttle: LoginThrottle;
  /** The configured EVM chain, whose id SIWE also accepts and whose smart wallets it checks. */
  chain: Chain | undefined;
  /** The second factor a password sign-in may need (the security capability's). */
  guard: SignInGuard;
}

export type AuthModule = Capability & AuthServices;

/** Accounts, sessions, passwords and the password-less sign-ins (wallet, Google). */
export function authModule({ db, config, sender, throttle, chain, guard }: AuthNeeds): AuthModule {
  const sessions = new Sessions(db, config.SESSION_TTL_HOURS);
  const accounts = new Accounts(db, sessions, new VerificationCodes(db, sender), throttle, guard);
  const nonces = new SignInNonces(db);
  const identities = new Identities(db, sessions);
  const origin = new URL(config.PUBLIC_URL).origin;
  const walletSignIn = new WalletSignIn(
    {
      origin,
      chainIds: chain ? [...new Set([...config.SIWE_CHAIN_IDS, chain.id])] : config.SIWE_CHAIN_IDS,
      chain,
    },
    nonces,
    identities,
  );
  const oidcSignIn =
    config.GOOGLE_CLIENT_ID === ''
      ? undefined
      : new OidcSignIn(
          {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            issuer: config.OIDC_ISSUER,
            jwksUrl: config.OIDC_JWKS_URL,
            authorizationEndpoint: config.OIDC_AUTHORIZATION_ENDPOINT,
            tokenEndpoint: config.OIDC_TOKEN_ENDPOINT,
            redirectUri: `${origin}/api/loginCallback/google`,
          },
          nonces,
          identities,
        );
  const services = { sessions, accounts, nonces, identities, walletSignIn, oidcSignIn };
  return {
    name: 'auth',
    ...services,
    routes: (r) => authRoutes(r, services, config.AUTH_RATE_LIMIT_MAX),
  };
}
