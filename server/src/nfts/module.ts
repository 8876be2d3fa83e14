import { getAddress } from 'viem';
import type { Capability } from '../http/capability.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { NftCatalogue } from './nft-catalogue.ts';
import { nftRoutes } from './routes.ts';

export interface NftsNeeds {
  db: Database;
  config: Pick<Config, 'NFT_CHAIN_ID' | 'CHAIN_ID' | 'NFT_CONTRACT' | 'CHAIN_EXPLORER_URL'>;
  chain: Chain | undefined;
}

export type NftsModule = Capability & { nfts: NftCatalogue };

/** Charity NFTs: the catalogue, read from the chain where one is configured. */
export function nftsModule({ db, config, chain }: NftsNeeds): NftsModule {
  const nfts = new NftCatalogue(
    db,
    {
      chainId: config.NFT_CHAIN_ID ?? config.CHAIN_ID,
      contract: getAddress(config.NFT_CONTRACT),
      explorerUrl: config.CHAIN_EXPLORER_URL,
    },
    chain,
  );
  return { name: 'nfts', nfts, routes: (r) => nftRoutes(r, nfts) };
}
