import { createSiweMessage } from 'viem/siwe';
import type { SignInOptions } from '../../contract/sign-in/schemas.ts';

/** How long the person has to read and sign the message (the server's nonce lives 5 minutes). */
const VALID_FOR_MS = 5 * 60_000;

/** The EIP-4361 message for the server's domain, uri and nonce: the only thing the wallet signs. */
export function signInMessage(input: {
  options: SignInOptions['wallet'];
  address: `0x${string}`;
  chainId: number;
  nonce: string;
  statement: string;
  now?: Date;
}): string {
  const issuedAt = input.now ?? new Date();
  return createSiweMessage({
    domain: input.options.domain,
    address: input.address,
    statement: input.statement,
    uri: input.options.uri,
    version: '1',
    chainId: input.chainId,
    nonce: input.nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + VALID_FOR_MS),
  });
}
