import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { NftCatalogue } from './nft-catalogue.ts';

/** The charity NFT catalogue. */
export function nftRoutes(r: Registrar, nfts: NftCatalogue): void {
  r.route(routes.listNft, async () => ({ list: await nfts.list() }));
}
