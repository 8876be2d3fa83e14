import * as auth from '../auth/schemas.ts';
import * as market from '../market/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The market capability's calls. */
export const marketRoutes = {
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
