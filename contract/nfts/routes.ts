import * as nfts from '../nfts/schemas.ts';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';

/** The nfts capability's calls. */
export const nftsRoutes = {
  listNft: route({
    ...paths.listNft,
    summary: 'Charity NFTs with their chain, contract, token id, explorer links and on-chain owner',
    tag: 'nfts',
    auth: 'none',
    result: nfts.nftList,
    fields: {},
  }),
} as const;
