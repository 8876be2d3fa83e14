import { z } from 'zod';

/** Where an NFT lives on chain, and who holds it there (read from the chain when one is set). */
export const nftChain = z.object({
  chainId: z.number().int(),
  contract: z.string(),
  tokenId: z.string(),
  /** Explorer pages of the token and the contract; null without CHAIN_EXPLORER_URL. */
  tokenUrl: z.string().nullable(),
  contractUrl: z.string().nullable(),
  /**
   * `read`: `owner` is what the chain answered now (null: the token is not minted yet);
   * `unavailable`: no chain configured for this contract, or the node did not answer.
   */
  ownerStatus: z.enum(['read', 'unavailable']),
  owner: z.string().nullable(),
});
export type NftChain = z.infer<typeof nftChain>;

export const nft = z.object({
  id: z.number().int(),
  name: z.string(),
  creator: z.string(),
  image: z.string(),
  startingPrice: z.string(),
  asset: z.string(),
  chain: nftChain,
});
export type Nft = z.infer<typeof nft>;

export const nftListQuery = z.object({});
export const nftList = z.object({ list: z.array(nft) });
