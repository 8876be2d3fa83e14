import { z } from 'zod';
import * as admin from './admin.ts';
import * as auth from './auth.ts';
import * as content from './content.ts';
import * as funds from './funds.ts';
import * as nfts from './nfts.ts';
import * as market from './market.ts';
import * as signIn from './sign-in.ts';
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
  /**
   * `session`: needs a live user token; `optional`: reads one when present; `staff`: needs a
   * staff token whose role is in `roles` (server/src/admin).
   */
  auth: 'none' | 'optional' | 'session' | 'staff';
  roles?: readonly admin.StaffRole[];
  /** The body is not JSON but raw bytes (an image upload), checked by the handler. */
  rawBody?: true;
  /** The answer is not an envelope but a file (CSV export, an image). */
  rawResult?: string;
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
  getUserInfo: route({
    ...paths.getUserInfo,
    summary: 'The signed-in user and the book the `virtually` header selects',
    tag: 'user',
    auth: 'session',
    result: auth.userInfoSchema,
    fields: {},
  }),
  listSignIns: route({
    ...paths.listSignIns,
    summary: 'The wallets and Google accounts linked to the signed-in account, oldest first',
    tag: 'user',
    auth: 'session',
    result: signIn.listSignInsResult,
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
  listNft: route({
    ...paths.listNft,
    summary: 'Charity NFTs with their chain, contract, token id, explorer links and on-chain owner',
    tag: 'nfts',
    auth: 'none',
    result: nfts.nftList,
    fields: {},
  }),
  listFundingOptions: route({
    ...paths.listFundingOptions,
    summary: 'Coins and networks: deposit address, minimum deposit and withdrawal, fee rate',
    tag: 'funds',
    auth: 'none',
    result: funds.fundingOptionsResult,
    fields: {},
  }),
  uploadProof: route({
    ...paths.uploadProof,
    summary: 'Upload a deposit proof image (raw JPG, JPEG 2000 or PNG body, at most 2 MB)',
    tag: 'funds',
    auth: 'session',
    rawBody: true,
    result: funds.proofResult,
    fields: {},
  }),
  depositAddress: route({
    ...paths.depositAddress,
    summary:
      "Where this person pays a deposit of a coin on a network: their own address (made on first use) or the platform's shared one (real book only)",
    tag: 'funds',
    auth: 'session',
    body: funds.depositAddressBody,
    result: funds.depositAddressResult,
    fields: funds.fundsFieldCodes,
  }),
  recharge: route({
    ...paths.recharge,
    summary:
      'Declare a deposit: verified on chain and credited where a chain is configured, else (or when the check fails) reviewed by staff from its proof (real book only)',
    tag: 'funds',
    auth: 'session',
    body: funds.depositBody,
    result: funds.depositResult,
    fields: funds.fundsFieldCodes,
  }),
  findChainTransfers: route({
    ...paths.findChainTransfers,
    summary:
      "Recent payments to the person's own deposit address, or from one of their linked wallets to the shared address, on the configured chain ('find my transfer')",
    tag: 'funds',
    auth: 'session',
    query: funds.chainTransfersQuery,
    result: funds.chainTransferList,
    fields: funds.fundsFieldCodes,
  }),
  withdrawal: route({
    ...paths.withdrawal,
    summary: 'Request a withdrawal to an address or IBAN; the amount is held until review',
    tag: 'funds',
    auth: 'session',
    body: funds.withdrawalBody,
    result: funds.withdrawalResult,
    fields: funds.fundsFieldCodes,
  }),
  listRecharge: route({
    ...paths.listRecharge,
    summary: "The person's deposits, newest first",
    tag: 'funds',
    auth: 'session',
    query: funds.fundingListQuery,
    result: funds.depositList,
    fields: funds.fundsFieldCodes,
  }),
  listWithdrwal: route({
    ...paths.listWithdrwal,
    summary: "The person's withdrawals, newest first",
    tag: 'funds',
    auth: 'session',
    query: funds.fundingListQuery,
    result: funds.withdrawalList,
    fields: funds.fundsFieldCodes,
  }),
  listBalance: route({
    ...paths.listBalance,
    summary: 'Available, frozen and USDT value of every coin in the selected book',
    tag: 'funds',
    auth: 'session',
    result: funds.balancesResult,
    fields: {},
  }),
  getAssestInfo: route({
    ...paths.getAssestInfo,
    summary: 'The balance of one coin in the selected book',
    tag: 'funds',
    auth: 'session',
    params: funds.assetParams,
    result: funds.assetBalance,
    fields: funds.fundsFieldCodes,
  }),
  listTransactions: route({
    ...paths.listTransactions,
    summary: 'Every ledger movement of the person in the selected book, newest first',
    tag: 'funds',
    auth: 'session',
    query: funds.transactionsQuery,
    result: funds.transactionList,
    fields: funds.fundsFieldCodes,
  }),
  resetDemo: route({
    ...paths.resetDemo,
    summary: 'Return the demo book to its starting virtual funds',
    tag: 'funds',
    auth: 'session',
    body: funds.emptyBody,
    result: funds.balancesResult,
    fields: {},
  }),
  staffLogin: route({
    ...paths.staffLogin,
    summary: 'Staff sign-in (separate from user accounts)',
    tag: 'admin',
    auth: 'none',
    body: admin.staffLoginBody,
    result: admin.staffLoginResult,
    fields: admin.adminFieldCodes,
  }),
  staffLogout: route({
    ...paths.staffLogout,
    summary: 'End the staff session',
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    result: auth.emptyResult,
    fields: {},
  }),
  staffMe: route({
    ...paths.staffMe,
    summary: 'The signed-in staff member',
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    result: admin.staffSchema,
    fields: {},
  }),
  listDepositQueue: route({
    ...paths.listDepositQueue,
    summary: 'Deposits by status (pending first in line), oldest first',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    query: admin.queueQuery,
    result: admin.depositQueue,
    fields: admin.adminFieldCodes,
  }),
  reviewDeposit: route({
    ...paths.reviewDeposit,
    summary: 'Approve (credits the ledger) or reject (with a reason) a pending deposit',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: admin.reviewBody,
    result: funds.deposit,
    fields: admin.adminFieldCodes,
  }),
  listWithdrawalQueue: route({
    ...paths.listWithdrawalQueue,
    summary: 'Withdrawals by status, oldest first',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    query: admin.queueQuery,
    result: admin.withdrawalQueue,
    fields: admin.adminFieldCodes,
  }),
  reviewWithdrawal: route({
    ...paths.reviewWithdrawal,
    summary: 'Approve (settles the hold) or reject (releases it, with a reason) a withdrawal',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: admin.reviewBody,
    result: funds.withdrawal,
    fields: admin.adminFieldCodes,
  }),
  searchUsers: route({
    ...paths.searchUsers,
    summary: 'Users by id, username, e-mail or phone',
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    query: admin.userSearchQuery,
    result: admin.userSearchResult,
    fields: admin.adminFieldCodes,
  }),
  getUserLedger: route({
    ...paths.getUserLedger,
    summary: "A user's balances and ledger movements in one book",
    tag: 'admin',
    auth: 'staff',
    roles: admin.STAFF_ROLES,
    query: admin.userLedgerQuery,
    result: admin.userLedgerResult,
    fields: admin.adminFieldCodes,
  }),
  adjustBalance: route({
    ...paths.adjustBalance,
    summary: 'A manual credit or debit, journaled against the house account with a reason',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.adjustBody,
    result: funds.assetBalance,
    fields: admin.adminFieldCodes,
  }),
  listParams: route({
    ...paths.listParams,
    summary: 'The parameters staff may edit',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    result: admin.paramList,
    fields: {},
  }),
  setParam: route({
    ...paths.setParam,
    summary: 'Change one parameter, with a reason',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.setParamBody,
    result: admin.paramItem,
    fields: admin.adminFieldCodes,
  }),
  listAudit: route({
    ...paths.listAudit,
    summary: 'The audit log of staff actions, newest first',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    query: admin.auditQuery,
    result: admin.auditList,
    fields: admin.adminFieldCodes,
  }),
  exportAudit: route({
    ...paths.exportAudit,
    summary: 'The whole audit log as CSV',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    rawResult: 'text/csv',
    result: auth.emptyResult,
    fields: {},
  }),
  getProof: route({
    ...paths.getProof,
    summary: 'A deposit proof image',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    params: admin.proofParams,
    rawResult: 'image/*',
    result: auth.emptyResult,
    fields: admin.adminFieldCodes,
  }),
  createStaff: route({
    ...paths.createStaff,
    summary: 'Create a staff account',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.createStaffBody,
    result: admin.staffSchema,
    fields: admin.adminFieldCodes,
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
