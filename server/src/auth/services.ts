import type { Accounts } from './accounts.ts';
import type { Identities } from './identities.ts';
import type { SignInNonces } from './nonces.ts';
import type { OidcSignIn } from './oidc-sign-in.ts';
import type { Sessions } from './sessions.ts';
import type { WalletSignIn } from './wallet-sign-in.ts';

export interface AuthServices {
  sessions: Sessions;
  accounts: Accounts;
  nonces: SignInNonces;
  /** The wallets and Google accounts each account holds. */
  identities: Identities;
  walletSignIn: WalletSignIn;
  /** Google (OpenID) sign-in, when GOOGLE_CLIENT_ID is set. */
  oidcSignIn: OidcSignIn | undefined;
}
