import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { NftBids } from './bids.ts';
import type { NftCatalogue } from './nft-catalogue.ts';
import type { NftRecords } from './nft-records.ts';
import type { SaleDesk } from './sale-desk.ts';

export interface NftServices {
  catalogue: NftCatalogue;
  bids: NftBids;
  records: NftRecords;
  desk: SaleDesk;
}

/** The catalogue, a sale's bids, a person's NFTs and the public donations. */
export function nftRoutes(r: Registrar, s: NftServices): void {
  r.route(routes.listNft, async ({ query }, ctx) =>
    s.catalogue.list(ctx.session?.userId ?? 0, query),
  );
  r.route(routes.getNft, async ({ params }, ctx) =>
    s.catalogue.detail(ctx.session?.userId ?? 0, params.id),
  );
  r.route(routes.listDonations, async ({ query }) => s.records.donations(query));
  r.route(routes.bidNft, async ({ body }, ctx) => s.bids.bid(ctx.session.userId, ctx.book, body));
  r.route(routes.buyNft, async ({ body }, ctx) =>
    s.bids.buyNow(ctx.session.userId, ctx.book, body),
  );
  r.route(routes.myNfts, async ({ query }, ctx) => s.records.mine(ctx.session.userId, query));
  r.route(routes.myNftBids, async ({ query }, ctx) => s.records.bids(ctx.session.userId, query));
}

/** Sales in the back office. */
export function nftAdminRoutes(r: Registrar, desk: SaleDesk): void {
  r.route(routes.adminListNftSales, async ({ query }) => desk.list(query));
  r.route(routes.saveNftSale, async ({ body }, ctx) => desk.create(ctx.staff, body));
  r.route(routes.withdrawNftSale, async ({ body }, ctx) => desk.withdraw(ctx.staff, body));
}
