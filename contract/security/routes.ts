import { loginResult } from '../auth/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as s from './schemas.ts';

/** The security capability's calls (docs/security.md). */
export const securityRoutes = {
  getSecurity: route({
    ...paths.getSecurity,
    summary: 'The account’s second factor, recovery codes left and any withdrawal hold',
    tag: 'security',
    auth: 'session',
    result: s.securityStatus,
    fields: {},
  }),
  beginTotp: route({
    ...paths.beginTotp,
    summary: 'Start enrolling an authenticator app (with the password): a new secret, as a QR code',
    tag: 'security',
    auth: 'session',
    body: s.totpBeginBody,
    result: s.totpEnrolment,
    fields: s.securityFieldCodes,
  }),
  confirmTotp: route({
    ...paths.confirmTotp,
    summary: 'Turn the authenticator on with a first code; answers ten recovery codes, once',
    tag: 'security',
    auth: 'session',
    body: s.totpConfirmBody,
    result: s.recoveryCodesResult,
    fields: s.securityFieldCodes,
  }),
  disableTotp: route({
    ...paths.disableTotp,
    summary: 'Turn the authenticator off (with the second factor); withdrawals then wait',
    tag: 'security',
    auth: 'session',
    body: s.secondFactorBody,
    result: s.securityStatus,
    fields: s.securityFieldCodes,
  }),
  newRecoveryCodes: route({
    ...paths.newRecoveryCodes,
    summary: 'Ten new recovery codes (with the second factor); the old ones stop working',
    tag: 'security',
    auth: 'session',
    body: s.secondFactorBody,
    result: s.recoveryCodesResult,
    fields: s.securityFieldCodes,
  }),
  loginSecondFactor: route({
    ...paths.loginSecondFactor,
    summary: 'Finish a sign-in that asked for the second factor (10230), with its ticket',
    tag: 'auth',
    auth: 'none',
    body: s.loginSecondFactorBody,
    result: loginResult,
    fields: s.securityFieldCodes,
  }),
} as const;
