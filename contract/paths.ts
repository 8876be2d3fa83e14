/**
 * Method and path of every call, without schemas, so the app's HTTP client can import it
 * without pulling zod into every page (routes.ts adds the schemas).
 */
const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';
const INDEX = '/swx/customer/index';
const ORDER = '/swx/customer/order';
const ADMIN = '/swx/admin';

export const paths = {
  checkUserNameOrPhone: { method: 'GET', path: `${LOGIN}/checkUserNameOrPhone` },
  sendCode: { method: 'POST', path: `${LOGIN}/sendCode` },
  register: { method: 'POST', path: `${LOGIN}/register` },
  login: { method: 'POST', path: `${LOGIN}/login` },
  logout: { method: 'POST', path: `${LOGIN}/logout` },
  signInOptions: { method: 'GET', path: `${LOGIN}/signInOptions` },
  signInNonce: { method: 'POST', path: `${LOGIN}/nonce` },
  loginByDapp: { method: 'POST', path: `${LOGIN}/loginByDapp` },
  loginByGoogle: { method: 'POST', path: `${LOGIN}/loginByGoogle` },
  getUserInfo: { method: 'POST', path: `${USER}/getUserInfo` },
  repassword: { method: 'POST', path: `${USER}/repassword` },
  listSignIns: { method: 'GET', path: `${USER}/listSignIns` },
  getParamByKey: { method: 'GET', path: `${INDEX}/getParamByKey/:key` },
  listContents: { method: 'GET', path: `${INDEX}/listContents/:type` },
  getContentsById: { method: 'GET', path: `${INDEX}/getContentsById/:id` },
  listMarketByType: { method: 'GET', path: `${INDEX}/listMarketByType` },
  getKValueByCodeAndDate: { method: 'GET', path: `${INDEX}/getKValueByCodeAndDate` },
  getMarketInfo: { method: 'GET', path: `${INDEX}/getMarketInfo/:id` },
  getHomeStats: { method: 'GET', path: `${INDEX}/getHomeStats` },
  listNft: { method: 'GET', path: `${INDEX}/listNft` },
  listWatch: { method: 'GET', path: `${USER}/listWatch` },
  addWatch: { method: 'POST', path: `${USER}/addWatch` },
  removeWatch: { method: 'POST', path: `${USER}/removeWatch` },
  listFundingOptions: { method: 'GET', path: `${USER}/listFundingOptions` },
  uploadProof: { method: 'POST', path: `${USER}/uploadProof` },
  depositAddress: { method: 'POST', path: `${USER}/depositAddress` },
  recharge: { method: 'POST', path: `${USER}/recharge` },
  findChainTransfers: { method: 'GET', path: `${USER}/findChainTransfers` },
  withdrawal: { method: 'POST', path: `${USER}/withdrawal` },
  listRecharge: { method: 'GET', path: `${USER}/listRecharge` },
  listWithdrwal: { method: 'GET', path: `${USER}/listWithdrwal` },
  listBalance: { method: 'GET', path: `${USER}/listBalance` },
  getAssestInfo: { method: 'GET', path: `${ORDER}/getAssestInfo/:id` },
  listTransactions: { method: 'GET', path: `${USER}/listTransactions` },
  resetDemo: { method: 'POST', path: `${USER}/resetDemo` },
  staffLogin: { method: 'POST', path: `${ADMIN}/login` },
  staffLogout: { method: 'POST', path: `${ADMIN}/logout` },
  staffMe: { method: 'GET', path: `${ADMIN}/me` },
  listDepositQueue: { method: 'GET', path: `${ADMIN}/listDeposits` },
  reviewDeposit: { method: 'POST', path: `${ADMIN}/reviewDeposit` },
  listWithdrawalQueue: { method: 'GET', path: `${ADMIN}/listWithdrawals` },
  reviewWithdrawal: { method: 'POST', path: `${ADMIN}/reviewWithdrawal` },
  searchUsers: { method: 'GET', path: `${ADMIN}/searchUsers` },
  getUserLedger: { method: 'GET', path: `${ADMIN}/getUserLedger` },
  adjustBalance: { method: 'POST', path: `${ADMIN}/adjustBalance` },
  listParams: { method: 'GET', path: `${ADMIN}/listParams` },
  setParam: { method: 'POST', path: `${ADMIN}/setParam` },
  listAudit: { method: 'GET', path: `${ADMIN}/listAudit` },
  exportAudit: { method: 'GET', path: `${ADMIN}/exportAudit` },
  getProof: { method: 'GET', path: `${ADMIN}/proof/:id` },
  createStaff: { method: 'POST', path: `${ADMIN}/createStaff` },
} as const;

export type PathName = keyof typeof paths;
