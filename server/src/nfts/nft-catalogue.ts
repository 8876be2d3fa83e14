import { ContractFunctionRevertedError, BaseError, getAddress, type Address } from 'viem';
import { erc721ReadAbi } from '../../../contracts-abi/abis.ts';
import { Code } from '../../../contract/errors.ts';
import {
  NFT_LIMITS,
  type Nft,
  type NftChain,
  type NftDetail,
  type NftListQuery,
} from '../../../contract/nfts/schemas.ts';
import { AppError } from '../errors.ts';
import { maskName } from '../platform/mask.ts';
import { BID_COLUMNS, BID_FROM, bidView, type BidRow } from './bids.ts';
import { saleById, saleView } from './sale-row.ts';
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

export interface NftRow {
  id: number;
  name: string;
  creator: string;
  image: string;
  token_id: string;
  starting_price: string;
  asset: string;
  /** The open sale, or else the latest. */
  sale_id: number | null;
  owner_id: number | null;
  owner_name: string | null;
  /** Every sale's charity share: a ledger sum. */
  donated: string;
}

export const NFT_COLUMNS = `n.id, n.name, n.creator, n.image, n.token_id::text,
  n.starting_price::text, n.asset, s.id as sale_id, o.user_id as owner_id, ou.username as owner_name,
  (select coalesce(sum(t.amount), 0)::text from nft_sales ds
     join ledger_transfers t on t.reference = 'hold:' || ds.settled_hold_id and t.kind = 'nft_charity'
    where ds.nft_id = n.id) as donated`;
export const NFT_FROM = `from nfts n
  left join lateral (select id, status, buy_now_price, leading_bid_id from nft_sales
                      where nft_id = n.id order by status = 'open' desc, id desc limit 1) s on true
  left join nft_owners o on o.nft_id = n.id
  left join users ou on ou.id = o.user_id`;

/** NFTs a catalogue page lists at most (staff add a handful). */
const NFTS_LISTED_MAX = 200;

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
    private readonly now: () => number,
  ) {}

  /** The catalogue for `userId` (0 signed out), filtered by sale state and creator. */
  async list(userId: number, q: NftListQuery): Promise<{ list: Nft[]; creators: string[] }> {
    const rows = await this.db.query<NftRow>(
      `select ${NFT_COLUMNS} ${NFT_FROM}
        where ($1::text is null or n.creator = $1)
          and case $2::text
                when 'live' then s.status = 'open'
                when 'buyNow' then s.status = 'open' and s.buy_now_price is not null
                  and coalesce((select amount from nft_bids where id = s.leading_bid_id), 0)
                      < s.buy_now_price
                when 'sold' then o.user_id is not null
                else true end
        order by n.sort, n.id limit $3`,
      [q.creator ?? null, q.filter, NFTS_LISTED_MAX],
    );
    const creators = await this.db.query<{ creator: string }>(
      'select distinct creator from nfts order by creator limit $1',
      [NFTS_LISTED_MAX],
    );
    return {
      list: await Promise.all(rows.map((r) => this.view(r, userId))),
      creators: creators.map((c) => c.creator),
    };
  }

  /** One NFT, with its current or latest sale's bids, newest first. */
  async detail(userId: number, id: number): Promise<NftDetail> {
    const [row] = await this.db.query<NftRow>(`select ${NFT_COLUMNS} ${NFT_FROM} where n.id = $1`, [
      id,
    ]);
    if (row === undefined) throw new AppError(Code.notFound, { field: 'id' });
    const bids =
      row.sale_id === null
        ? []
        : await this.db.query<BidRow>(
            `select ${BID_COLUMNS} ${BID_FROM} where b.sale_id = $1 order by b.id desc limit $2`,
            [row.sale_id, NFT_LIMITS.historyMax],
          );
    return {
      nft: await this.view(row, userId),
      history: bids.map((b) => bidView(b, userId)),
      serverTime: new Date(this.now()).toISOString(),
    };
  }

  async view(r: NftRow, userId: number): Promise<Nft> {
    const sale = r.sale_id === null ? undefined : await saleById(this.db, Number(r.sale_id));
    return {
      id: Number(r.id),
      name: r.name,
      creator: r.creator,
      image: r.image,
      startingPrice: trimDecimal(r.starting_price),
      asset: r.asset,
      chain: this.chainData(r.token_id, await this.ownerOf(BigInt(r.token_id))),
      sale: sale === undefined ? null : saleView(sale, userId),
      donated: trimDecimal(r.donated),
      owner: r.owner_name === null ? null : maskName(r.owner_name),
      ownedByYou: userId > 0 && Number(r.owner_id) === userId,
    };
  }

  /** A transaction on the explorer, when one is configured. */
  txUrl(hash: string): string | null {
    const explorer = this.settings.explorerUrl?.replace(/\/+$/, '');
    return explorer === undefined ? null : `${explorer}/tx/${hash}`;
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
