import { z } from 'zod';
import * as auth from './auth.ts';
import * as content from './content.ts';
import * as market from './market.ts';
import { paths } from './paths.ts';
import type { FieldCodeMap } from './validate.ts';

/**
 * Every HTTP call of the API: the one description the server registers, the OpenAPI
 * document is generated from, and the app's client is typed by.
 */
export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Fastify path syntax (`:id` for path parameters). */
  path: string;
  summary: string;
  tag: string;
  /** `session`: needs a live token; `optional`: reads one when present. */
  auth: 'none' | 'optional' | 'session';
  query?: Q;
  body?: B;
  params?: P;
  result: R;
  fields: FieldCodeMap;
}

function route<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(def: RouteDef<Q, B, P, R>): RouteDef<Q, B, P, R> {
  return def;
}

export const routes = {
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
  getParamByKey: route({
    ...paths.getParamByKey,
    summary: 'A public system parameter (down_url and others)',
    tag: 'content',
    auth: 'none',
    params: content.paramKeyParams,
    result: content.paramResult,
    fields: content.contentFieldCodes,
  }),
  listContents: route({
    ...paths.listContents,
    summary: 'Content titles of one type in one language',
    tag: 'content',
    auth: 'none',
    params: content.listContentsParams,
    query: content.langQuery,
    result: content.contentList,
    fields: content.contentFieldCodes,
  }),
  getContentsById: route({
    ...paths.getContentsById,
    summary: 'One content page in one language',
    tag: 'content',
    auth: 'none',
    params: content.contentIdParams,
    query: content.langQuery,
    result: content.contentDetail,
    fields: content.contentFieldCodes,
  }),
  listMarketByType: route({
    ...paths.listMarketByType,
    summary: 'Instruments of one category with last price, 24h change and the last 100 prices',
    tag: 'market',
    auth: 'none',
    query: market.listMarketQuery,
    result: market.marketList,
    fields: market.marketFieldCodes,
  }),
  getKValueByCodeAndDate: route({
    ...paths.getKValueByCodeAndDate,
    summary: 'Candles of one instrument and timeframe, oldest first; gaps are missing candles',
    tag: 'market',
    auth: 'none',
    query: market.klineQuery,
    result: market.candleList,
    fields: market.marketFieldCodes,
  }),
  getMarketInfo: route({
    ...paths.getMarketInfo,
    summary: 'One instrument with 24h high, low and volume',
    tag: 'market',
    auth: 'none',
    params: market.marketIdParams,
    result: market.marketInfo,
    fields: market.marketFieldCodes,
  }),
  getHomeStats: route({
    ...paths.getHomeStats,
    summary: 'Home page figures computed from the database: users, instruments, 24h volume, fee',
    tag: 'market',
    auth: 'none',
    result: market.homeStats,
    fields: {},
  }),
  listWatch: route({
    ...paths.listWatch,
    summary: "The signed-in person's watchlist, as market items",
    tag: 'market',
    auth: 'session',
    result: market.watchList,
    fields: {},
  }),
  addWatch: route({
    ...paths.addWatch,
    summary: 'Add a market to the watchlist (at most 200)',
    tag: 'market',
    auth: 'session',
    body: market.watchBody,
    result: auth.emptyResult,
    fields: market.marketFieldCodes,
  }),
  removeWatch: route({
    ...paths.removeWatch,
    summary: 'Remove a market from the watchlist',
    tag: 'market',
    auth: 'session',
    body: market.watchBody,
    result: auth.emptyResult,
    fields: market.marketFieldCodes,
  }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Input<T> = T extends z.ZodType ? z.input<T> : never;
export type RouteInput<N extends RouteName> = {
  query: Input<Routes[N]['query']>;
  body: Input<Routes[N]['body']>;
  params: Input<Routes[N]['params']>;
};
export type RouteResult<N extends RouteName> = z.output<Routes[N]['result']>;
