/**
 * Method and path of every call, without schemas, so the app's HTTP client can import it
 * without pulling zod into every page (routes.ts adds the schemas).
 */
const LOGIN = '/swx/customer/login';
const USER = '/swx/customer/user';
const INDEX = '/swx/customer/index';

export const paths = {
  checkUserNameOrPhone: { method: 'GET', path: `${LOGIN}/checkUserNameOrPhone` },
  sendCode: { method: 'POST', path: `${LOGIN}/sendCode` },
  register: { method: 'POST', path: `${LOGIN}/register` },
  login: { method: 'POST', path: `${LOGIN}/login` },
  logout: { method: 'POST', path: `${LOGIN}/logout` },
  getUserInfo: { method: 'POST', path: `${USER}/getUserInfo` },
  repassword: { method: 'POST', path: `${USER}/repassword` },
  getParamByKey: { method: 'GET', path: `${INDEX}/getParamByKey/:key` },
  listContents: { method: 'GET', path: `${INDEX}/listContents/:type` },
  getContentsById: { method: 'GET', path: `${INDEX}/getContentsById/:id` },
  listMarketByType: { method: 'GET', path: `${INDEX}/listMarketByType` },
  getKValueByCodeAndDate: { method: 'GET', path: `${INDEX}/getKValueByCodeAndDate` },
  getMarketInfo: { method: 'GET', path: `${INDEX}/getMarketInfo/:id` },
  getHomeStats: { method: 'GET', path: `${INDEX}/getHomeStats` },
  listWatch: { method: 'GET', path: `${USER}/listWatch` },
  addWatch: { method: 'POST', path: `${USER}/addWatch` },
  removeWatch: { method: 'POST', path: `${USER}/removeWatch` },
} as const;

export type PathName = keyof typeof paths;
