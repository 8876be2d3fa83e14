import { getAddress, isAddress, verifyMessage, type Hex, type PublicClient } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { Code } from '../../../contract/errors.ts';
import type { IdentityLoginResult } from '../../../contract/sign-in/schemas.ts';
import type { ClientInfo } from './accounts.ts';
import { AppError } from '../errors.ts';
import type { Identities } from './identities.ts';
import type { SignInNonces } from './nonces.ts';

export interface WalletSignInConfig {
  /** The site's origin (PUBLIC_URL): its host is the SIWE domain, and the uri must be on it. */
  origin: string;
  chainIds: readonly number[];
  /** The configured chain's client: verifies smart-contract wallets (ERC-1271 and ERC-6492). */
  chain: { id: number; client: PublicClient } | undefined;
}

/** A message issued more than this long ago is refused even if it names no expiry. */
const MAX_AGE_MS = 10 * 60_000;
/** Clocks differ: an issuedAt this far in the future is still accepted. */
const CLOCK_SKEW_MS = 60_000;

const wrong = (field: string) => new AppError(Code.walletMessageWrong, { field });

/**
 * Sign-In with Ethereum (EIP-4361): the server checks every field it issued or owns (domain, uri,
 * chain, nonce, times), then the signature, then signs the person in by address.
 */
export class WalletSignIn {
  private readonly domain: string;

  constructor(
    private readonly config: WalletSignInConfig,
    private readonly nonces: SignInNonces,
    private readonly identities: Identities,
  ) {
    this.domain = new URL(config.origin).host;
  }

  options() {
    return { domain: this.domain, uri: this.config.origin, chainIds: [...this.config.chainIds] };
  }

  async signIn(
    body: { message: string; signature: string },
    client: ClientInfo,
    signedInUserId: number | undefined,
    now = new Date(),
  ): Promise<IdentityLoginResult> {
    const fields = parseSiweMessage(body.message);
    if (fields.domain !== this.domain) throw wrong('domain');
    if (fields.uri === undefined || !this.onOrigin(fields.uri)) throw wrong('uri');
    if (fields.version !== '1') throw wrong('version');
    if (fields.chainId === undefined || !this.config.chainIds.includes(fields.chainId)) {
      throw wrong('chainId');
    }
    if (fields.address === undefined || !isAddress(fields.address, { strict: false })) {
      throw wrong('address');
    }
    if (fields.nonce === undefined) throw wrong('nonce');
    this.checkTimes(fields, now);
    const address = getAddress(fields.address);
    if (!(await this.verify(address, body.message, body.signature as Hex, fields.chainId))) {
      throw new AppError(Code.walletSignatureWrong);
    }
    const nonce = fields.nonce;
    return this.identities.signIn(
      { provider: 'wallet', issuer: 'eip155', subject: address.toLowerCase() },
      (tx) => this.nonces.consume(tx, 'wallet', nonce),
      client,
      signedInUserId,
    );
  }

  private onOrigin(uri: string): boolean {
    try {
      return new URL(uri).origin === new URL(this.config.origin).origin;
    } catch {
      return false;
    }
  }

  private checkTimes(
    fields: { issuedAt?: Date; expirationTime?: Date; notBefore?: Date },
    now: Date,
  ): void {
    const t = now.getTime();
    if (fields.issuedAt === undefined || Number.isNaN(fields.issuedAt.getTime())) {
      throw wrong('issuedAt');
    }
    if (fields.issuedAt.getTime() > t + CLOCK_SKEW_MS) throw wrong('issuedAt');
    if (fields.issuedAt.getTime() < t - MAX_AGE_MS) throw new AppError(Code.walletMessageExpired);
    if (fields.expirationTime !== undefined && !(fields.expirationTime.getTime() > t)) {
      throw new AppError(Code.walletMessageExpired);
    }
    if (fields.notBefore !== undefined && !(fields.notBefore.getTime() <= t + CLOCK_SKEW_MS)) {
      throw wrong('notBefore');
    }
  }

  /**
   * On the configured chain, viem's client verifies EOAs, deployed contract wallets (ERC-1271)
   * and counterfactual ones (ERC-6492). Elsewhere only an EOA signature can be checked offline.
   */
  private async verify(address: Hex, message: string, signature: Hex, chainId: number) {
    const chain = this.config.chain;
    if (chain !== undefined && chain.id === chainId) {
      // viem answers false for every failed eth_call, a node that does not answer included. A
      // refusal counts only once the node answers; else this throws: an outage (500), not 10142.
      const valid = await chain.client.verifyMessage({ address, message, signature });
      if (!valid) await chain.client.getChainId();
      return valid;
    }
    try {
      return await verifyMessage({ address, message, signature });
    } catch {
      return false; // not a well-formed signature
    }
  }
}
