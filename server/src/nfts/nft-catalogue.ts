import { ContractFunctionRevertedError, BaseError, getAddress, type Address } from 'viem';
import { erc721ReadAbi } from '../../../contracts-abi/abis.ts';
import type { Nft, NftChain } from '../../../contract/nfts/schemas.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Queryable } from '../platform/db/database.ts';
import { trimDecimal } from '../money/amounts.ts';

export interface NftSettings {
  chainId: number;
  contract: Address;
  /** e.g. https://etherscan.io: token and contract links; none without it. */
  explorerUrl: string | undefined;
}

interface NftRow {
  id: number;
  name: string;
  creator: string;
  image: string;
  token_id: string;
  starting_price: string;
  asset: string;
}

/** How long an owner read from the chain is shown before it is read again. */
const OWNER_TTL_MS = 15_000;
const OWNERS_KEPT = 10_000;

type OwnerRead = { status: 'read'; owner: string | null } | { status: 'unavailable' };

/**
 * The charity NFT catalogue, each with its chain, contract and token id, and the owner read on
 * chain (ERC-721 `ownerOf`) when the configured chain is the NFTs' chain.
 */
export class NftCatalogue {
  private readonly owners = new TtlCache<OwnerRead>(OWNER_TTL_MS, OWNERS_KEPT);

  constructor(
    private readonly db: Queryable,
    private readonly settings: NftSettings,
    private readonly chain: Chain | undefined,
  ) {}

  async list(): Promise<Nft[]> {
    const rows = await this.db.query<NftRow>(
      `select id, name, creator, image, token_id::text, starting_price::text, asset
         from nfts order by sort, id`,
    );
    const owners = await Promise.all(rows.map((r) => this.ownerOf(BigInt(r.token_id))));
    return rows.map((r, i) => ({
      id: Number(r.id),
      name: r.name,
      creator: r.creator,
      image: r.image,
      startingPrice: trimDecimal(r.starting_price),
      asset: r.asset,
      chain: this.chainData(r.token_id, owners[i] ?? { status: 'unavailable' }),
    }));
  }

  private chainData(tokenId: string, owner: OwnerRead): NftChain {
    const { chainId, contract, explorerUrl } = this.settings;
    const explorer = explorerUrl?.replace(/\/+$/, '');
    return {
      chainId,
      contract,
      tokenId,
      tokenUrl: explorer === undefined ? null : `${explorer}/token/${contract}?a=${tokenId}`,
      contractUrl: explorer === undefined ? null : `${explorer}/address/${contract}`,
      ownerStatus: owner.status,
      owner: owner.status === 'read' ? owner.owner : null,
    };
  }

  /** `ownerOf` on chain: a revert means not minted (no owner); a node that fails, unavailable. */
  private async ownerOf(tokenId: bigint): Promise<OwnerRead> {
    const chain = this.chain;
    if (chain === undefined || chain.id !== this.settings.chainId) return { status: 'unavailable' };
    const key = tokenId.toString();
    const cached = this.owners.get(key);
    if (cached !== undefined) return cached;
    let read: OwnerRead;
    try {
      const owner = await chain.client.readContract({
        address: this.settings.contract,
        abi: erc721ReadAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      });
      read = { status: 'read', owner: getAddress(owner) };
    } catch (err) {
      const reverted =
        err instanceof BaseError &&
        err.walk((e) => e instanceof ContractFunctionRevertedError) !== null;
      // Not answering is not "no owner": say it could not be read, and read again next time.
      if (!reverted) return { status: 'unavailable' };
      read = { status: 'read', owner: null };
    }
    this.owners.set(key, read);
    return read;
  }
}
