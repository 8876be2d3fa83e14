import * as auth from '../auth/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The auth capability's calls. */
export const authRoutes = {
  checkUserNameOrPhone: route({
    ...paths.checkUserNameOrPhone,
    summary: 'Whether a username, e-mail or phone number is already registered',
    tag: 'auth',
    auth: 'none',
    query: auth.checkAccountQuery,
    result: auth.checkAccountResult,
    fields: auth.authFieldCodes,
  }),
  sendCode: route({
    ...paths.sendCode,
    summary: 'Send a one-time code by e-mail or SMS (register or reset)',
    tag: 'auth',
    auth: 'none',
    body: auth.sendCodeBody,
    result: auth.sendCodeResult,
    fields: auth.authFieldCodes,
  }),
  register: route({
    ...paths.register,
    summary: 'Create an account by e-mail or mobile number; signs in',
    tag: 'auth',
    auth: 'none',
    body: auth.registerBody,
    result: auth.loginResult,
    fields: auth.authFieldCodes,
  }),
  login: route({
    ...paths.login,
    summary: 'Sign in with username, e-mail or phone (+area code) and password',
    tag: 'auth',
    auth: 'none',
    body: auth.loginBody,
    result: auth.loginResult,
    fields: auth.authFieldCodes,
  }),
  logout: route({
    ...paths.logout,
    summary: 'Revoke the current session token',
    tag: 'auth',
    auth: 'session',
    result: auth.emptyResult,
    fields: {},
  }),
  getUserInfo: route({
    ...paths.getUserInfo,
    summary: 'The signed-in user and the book the `virtually` header selects',
    tag: 'user',
    auth: 'session',
    result: auth.userInfoSchema,
    fields: {},
  }),
  repassword: route({
    ...paths.repassword,
    summary: 'Reset a password with an e-mail code, or change it when signed in',
    tag: 'user',
    auth: 'optional',
    body: auth.repasswordBody,
    result: auth.emptyResult,
    fields: auth.authFieldCodes,
  }),
} as const;
