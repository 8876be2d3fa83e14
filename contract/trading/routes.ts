import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as t from './schemas.ts';

/** The trading capability's calls: leveraged contracts ("U" orders) and fixed-period options. */
export const tradingRoutes = {
  getTradingInfo: route({
    ...paths.getTradingInfo,
    summary:
      'What can be traded on an instrument now: open or when it opens, bid and ask from the last tick, the contract specification and the option periods',
    tag: 'trading',
    auth: 'none',
    params: t.idParams,
    result: t.tradingInfo,
    fields: t.tradingFieldCodes,
  }),
  buyU: route({
    ...paths.buyU,
    summary:
      'Open a long or short contract at market, or place it at a limit price (waiting to open), with its required stop loss and take profit',
    tag: 'trading',
    auth: 'session',
    body: t.buyUBody,
    result: t.uOrder,
    fields: t.tradingFieldCodes,
  }),
  stopU: route({
    ...paths.stopU,
    summary:
      'Close an open contract at market (always possible while the market is open), or cancel one waiting to open',
    tag: 'trading',
    auth: 'session',
    body: t.orderIdBody,
    result: t.uOrder,
    fields: t.tradingFieldCodes,
  }),
  updateU: route({
    ...paths.updateU,
    summary: "Change an open or waiting contract's stop loss and take profit",
    tag: 'trading',
    auth: 'session',
    body: t.updateUBody,
    result: t.uOrder,
    fields: t.tradingFieldCodes,
  }),
  listUOrder: route({
    ...paths.listUOrder,
    summary: "The person's contracts in the selected book, newest first",
    tag: 'trading',
    auth: 'session',
    query: t.listUOrderQuery,
    result: t.uOrderPage,
    fields: t.tradingFieldCodes,
  }),
  getUOrderById: route({
    ...paths.getUOrderById,
    summary: "One of the person's contracts, with the ticks it opened and closed at",
    tag: 'trading',
    auth: 'session',
    params: t.idParams,
    result: t.uOrder,
    fields: t.tradingFieldCodes,
  }),
  buyOptions: route({
    ...paths.buyOptions,
    summary: 'Buy a fixed-period option: the stake is held and settled at expiry',
    tag: 'trading',
    auth: 'session',
    body: t.buyOptionsBody,
    result: t.optionOrder,
    fields: t.tradingFieldCodes,
  }),
  listOptionsOrder: route({
    ...paths.listOptionsOrder,
    summary: "The person's options in the selected book, newest first",
    tag: 'trading',
    auth: 'session',
    query: t.listOptionsQuery,
    result: t.optionOrderPage,
    fields: t.tradingFieldCodes,
  }),
  getOptionsOrderById: route({
    ...paths.getOptionsOrderById,
    summary: "One of the person's options, with its open and settle ticks",
    tag: 'trading',
    auth: 'session',
    params: t.idParams,
    result: t.optionOrder,
    fields: t.tradingFieldCodes,
  }),
  getProfitTotal: route({
    ...paths.getProfitTotal,
    summary: 'Realised profit of contracts and options in the selected book',
    tag: 'trading',
    auth: 'session',
    result: t.profitTotal,
    fields: {},
  }),
};
