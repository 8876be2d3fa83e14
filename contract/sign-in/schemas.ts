import { z } from 'zod';
import { Code } from '../errors.ts';
import { loginResult } from '../auth/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';

/** Limits of the password-less sign-ins; docs/sign-in.md repeats them. */
export const SIGN_IN_LIMITS = {
  /** A nonce lives this long: enough to read the wallet's prompt, short enough to be useless later. */
  nonceTtlSeconds: 300,
  /** A SIWE message is a few hundred characters; 4 KiB leaves room for resources. */
  messageMax: 4096,
  /** An ERC-6492 signature wraps a deployment: allow a few KiB of hex. */
  signatureMaxHex: 20_000,
  /** An authorization code is opaque; providers keep it well under 1 KiB. */
  codeMax: 2048,
  /** Wallets and Google accounts one account may hold: a person's own few, not a collection. */
  identitiesPerAccount: 10,
} as const;

export const signInFieldCodes = {
  purpose: { missing: Code.badRequest, invalid: Code.badRequest },
  // EIP-4361 messages are several lines.
  message: { missing: Code.walletMessageWrong, invalid: Code.walletMessageWrong, multiline: true },
  signature: { missing: Code.walletSignatureWrong, invalid: Code.walletSignatureWrong },
  code: { missing: Code.googleTokenWrong, invalid: Code.googleTokenWrong },
  codeVerifier: { missing: Code.googleTokenWrong, invalid: Code.googleTokenWrong },
} as const satisfies FieldCodeMap;

export const nonceBody = z.object({ purpose: z.enum(['wallet', 'oidc']) });
export const nonceResult = z.object({ nonce: z.string(), expiresAt: z.string() });

/** Which sign-ins this installation offers, and what the app needs to start them. */
export const signInOptions = z.object({
  wallet: z.object({
    /** The SIWE domain and uri the server accepts (the site's own origin). */
    domain: z.string(),
    uri: z.string(),
    chainIds: z.array(z.number().int()),
  }),
  google: z
    .object({
      clientId: z.string(),
      /** The OpenID provider's authorization endpoint (Google's, or a local one in tests). */
      authorizationEndpoint: z.string(),
      /** Where the provider sends the person back: the app's /api/loginCallback/google. */
      redirectUri: z.string(),
    })
    .nullable(),
});
export type SignInOptions = z.infer<typeof signInOptions>;

/** No control characters but the line breaks a SIWE message is made of. */
const siweText = /^(?:[^\p{Cc}]|\n)*$/u;

export const loginByDappBody = z.object({
  message: z.string().min(1).max(SIGN_IN_LIMITS.messageMax).regex(siweText),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(SIGN_IN_LIMITS.signatureMaxHex),
});

/**
 * The authorization code the provider returned to the callback, and the PKCE verifier the app
 * kept for it. The server redeems the code itself, so the ID token never passes through the page.
 */
export const loginByGoogleBody = z.object({
  code: z
    .string()
    .min(1)
    .max(SIGN_IN_LIMITS.codeMax)
    .regex(/^[\x21-\x7E]+$/),
  codeVerifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/),
});

/** `created`: a new account was opened; `linked`: the identity was added to the signed-in one. */
export const identityLoginResult = loginResult.extend({
  created: z.boolean(),
  linked: z.boolean(),
});
export type IdentityLoginResult = z.infer<typeof identityLoginResult>;

/** A sign-in an account holds besides its password: a wallet, or a Google account. */
export const linkedSignIn = z.object({
  provider: z.enum(['wallet', 'oidc']),
  /** wallet: `eip155`; oidc: the provider's issuer URL. */
  issuer: z.string(),
  /** wallet: the checksummed address; oidc: the provider's subject (never the e-mail). */
  subject: z.string(),
  linkedAt: z.string(),
});
export type LinkedSignIn = z.infer<typeof linkedSignIn>;
export const listSignInsResult = z.array(linkedSignIn);
