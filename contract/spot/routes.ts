import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as admin from '../admin/schemas.ts';
import * as s from './schemas.ts';

/** Spot coin-to-coin trading on the order book of each pair (docs/spot.md). */
export const spotRoutes = {
  listSpotPairs: route({
    ...paths.listSpotPairs,
    summary: 'The spot pairs offered, with their tick and lot sizes, minimum order and fees',
    tag: 'spot',
    auth: 'none',
    result: s.spotPairList,
    fields: {},
  }),
  getSpotBook: route({
    ...paths.getSpotBook,
    summary:
      "A pair's order book in the selected book: depth with cumulative sizes (the platform's quotes marked), recent trades, the last price",
    tag: 'spot',
    auth: 'optional',
    params: s.pairParams,
    result: s.spotBook,
    fields: s.spotFieldCodes,
  }),
  submit: route({
    ...paths.submit,
    summary:
      'Place a spot order: a limit order (good till cancelled, IOC or post-only) or a market order within the price protection band; its fills settle before the answer',
    tag: 'spot',
    auth: 'session',
    body: s.submitBody,
    result: s.spotOrder,
    fields: s.spotFieldCodes,
  }),
  chedan: route({
    ...paths.chedan,
    summary: 'Cancel a spot order waiting for fill: what it still holds is released at once',
    tag: 'spot',
    auth: 'session',
    body: s.chedanBody,
    result: s.spotOrder,
    fields: s.spotFieldCodes,
  }),
  listBbOrder: route({
    ...paths.listBbOrder,
    summary: "The person's spot orders in the selected book, newest first",
    tag: 'spot',
    auth: 'session',
    query: s.listBbOrderQuery,
    result: s.spotOrderPage,
    fields: s.spotFieldCodes,
  }),
  getBbOrderById: route({
    ...paths.getBbOrderById,
    summary: "One of the person's spot orders with its fills",
    tag: 'spot',
    auth: 'session',
    params: s.idParams,
    result: s.spotOrderDetail,
    fields: s.spotFieldCodes,
  }),
  listSpotMakers: route({
    ...paths.listSpotMakers,
    summary: "The platform market maker's settings for every spot pair",
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    result: admin.makerSettingsList,
    fields: {},
  }),
  setSpotMaker: route({
    ...paths.setSpotMaker,
    summary:
      "Change the market maker's levels, spread, step and level value on one pair, with a reason",
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: admin.setMakerSettingsBody,
    result: admin.makerSettingsItem,
    fields: admin.adminFieldCodes,
  }),
};
