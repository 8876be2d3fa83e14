import * as signIn from '../sign-in/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The sign-in capability's calls. */
export const signInRoutes = {
  signInOptions: route({
    ...paths.signInOptions,
    summary: 'The password-less sign-ins offered here: wallet (SIWE domain, uri, chains), Google',
    tag: 'auth',
    auth: 'none',
    result: signIn.signInOptions,
    fields: {},
  }),
  signInNonce: route({
    ...paths.signInNonce,
    summary: 'A single-use nonce for a SIWE message or an OpenID request (5 minutes)',
    tag: 'auth',
    auth: 'none',
    body: signIn.nonceBody,
    result: signIn.nonceResult,
    fields: signIn.signInFieldCodes,
  }),
  loginByDapp: route({
    ...paths.loginByDapp,
    summary:
      'Sign in with Ethereum (EIP-4361): opens an account on first use; with a session, links the wallet',
    tag: 'auth',
    auth: 'optional',
    body: signIn.loginByDappBody,
    result: signIn.identityLoginResult,
    fields: signIn.signInFieldCodes,
  }),
  loginByGoogle: route({
    ...paths.loginByGoogle,
    summary:
      'Sign in with a Google (OpenID Connect) ID token; with a session, links the Google account',
    tag: 'auth',
    auth: 'optional',
    body: signIn.loginByGoogleBody,
    result: signIn.identityLoginResult,
    fields: signIn.signInFieldCodes,
  }),
  listSignIns: route({
    ...paths.listSignIns,
    summary: 'The wallets and Google accounts linked to the signed-in account, oldest first',
    tag: 'user',
    auth: 'session',
    result: signIn.listSignInsResult,
    fields: {},
  }),
} as const;
