import * as nfts from '../nfts/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

const fields = nfts.nftFieldCodes;

/** The nfts capability's calls (docs/nfts.md). */
export const nftsRoutes = {
  listNft: route({
    ...paths.listNft,
    summary:
      'Charity NFTs with their chain, owner, sale (current bid, time left, split) and the cumulative donation, a ledger sum; filtered by sale state and creator',
    tag: 'nfts',
    auth: 'optional',
    query: nfts.nftListQuery,
    result: nfts.nftList,
    fields,
  }),
  getNft: route({
    ...paths.getNft,
    summary: "One NFT with its sale and the sale's bid history (server time, masked bidders)",
    tag: 'nfts',
    auth: 'optional',
    params: nfts.nftIdParams,
    result: nfts.nftDetail,
    fields,
  }),
  listDonations: route({
    ...paths.listDonations,
    summary:
      'What the sales gave the charity: the total and per NFT (ledger sums), with the settled sales behind them',
    tag: 'nfts',
    auth: 'none',
    query: nfts.donationsQuery,
    result: nfts.donations,
    fields,
  }),
  bidNft: route({
    ...paths.bidNft,
    summary:
      "Bid on an open auction in the real book: the amount is held in the ledger, and the bid it beats is released in the same transaction; a bid in the sale's last minutes extends its end",
    tag: 'nfts',
    auth: 'session',
    body: nfts.bidBody,
    result: nfts.bidResult,
    fields,
  }),
  buyNft: route({
    ...paths.buyNft,
    summary:
      "Buy an NFT at its sale's buy-now price (SPEC §7): paid and settled at once, the leading bid released; answered with 20004",
    tag: 'nfts',
    auth: 'session',
    body: nfts.buyNftBody,
    result: nfts.bidResult,
    fields,
  }),
  myNfts: route({
    ...paths.myNfts,
    summary: 'The NFTs the caller won or bought (SPEC §7 user listNft)',
    tag: 'nfts',
    auth: 'session',
    query: nfts.myNftsQuery,
    result: nfts.myNfts,
    fields,
  }),
  myNftBids: route({
    ...paths.myNftBids,
    summary:
      "The caller's bids, newest first, with each one's state (leading, outbid, won, released)",
    tag: 'nfts',
    auth: 'session',
    query: nfts.myBidsQuery,
    result: nfts.myBids,
    fields,
  }),
  adminListNftSales: route({
    ...paths.adminListNftSales,
    summary: 'Every NFT sale, newest first',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer', 'support'],
    query: nfts.adminSalesQuery,
    result: nfts.adminSales,
    fields,
  }),
  saveNftSale: route({
    ...paths.saveNftSale,
    summary:
      'Put an NFT on sale: start price, increment, anti-sniping extension, buy-now, the split of the proceeds and the duration, with a reason (audit log). Terms never change after',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: nfts.saleBody,
    result: nfts.adminSale,
    fields,
  }),
  withdrawNftSale: route({
    ...paths.withdrawNftSale,
    summary: 'Withdraw an open sale, with a reason (audit log): the leading bid is released',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: nfts.withdrawSaleBody,
    result: nfts.adminSale,
    fields,
  }),
} as const;
