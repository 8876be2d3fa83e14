import type { Queryable } from '../platform/db/database.ts';
import { trimDecimal } from '../money/amounts.ts';
import { maskName } from '../platform/mask.ts';
import { BID_COLUMNS, BID_FROM, bidView, type BidRow } from './bids.ts';
import { NFT_COLUMNS, NFT_FROM, type NftCatalogue, type NftRow } from './nft-catalogue.ts';
import type { SaleStatus } from '../../../contract/nfts/schemas.ts';

type Page = { page: number; size: number };

interface OwnedColumns {
  sale: number;
  price: string;
  acquired_at: Date;
  delivery_status: 'pending' | 'no_address' | 'sending' | 'sent' | 'failed' | null;
  to_address: string | null;
  tx_hash: string | null;
}

/** A person's NFTs and bids, and the public record of what the sales gave the charity. */
export class NftRecords {
  constructor(
    private readonly db: Queryable,
    private readonly catalogue: NftCatalogue,
  ) {}

  async mine(userId: number, q: Page) {
    const rows = await this.db.query<NftRow & OwnedColumns>(
      `select ${NFT_COLUMNS}, o.sale_id as sale, os.final_price::text as price, o.acquired_at,
              d.status as delivery_status, d.to_address, d.tx_hash
         ${NFT_FROM} join nft_sales os on os.id = o.sale_id
         left join nft_deliveries d on d.sale_id = o.sale_id
        where o.user_id = $1 order by o.acquired_at desc, n.id limit $2 offset $3`,
      [userId, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from nft_owners where user_id = $1',
      [userId],
    );
    const list = await Promise.all(
      rows.map(async (r) => ({
        nft: await this.catalogue.view(r, userId),
        saleId: Number(r.sale),
        price: trimDecimal(r.price),
        acquiredAt: new Date(r.acquired_at).toISOString(),
        delivery:
          r.delivery_status === null
            ? null
            : {
                status: r.delivery_status,
                toAddress: r.to_address,
                txHash: r.tx_hash,
                txUrl: r.tx_hash === null ? null : this.catalogue.txUrl(r.tx_hash),
              },
      })),
    );
    return { list, total: count?.n ?? 0 };
  }

  async bids(userId: number, q: Page) {
    const rows = await this.db.query<
      BidRow & { nft_id: number; nft_name: string; sale_status: SaleStatus }
    >(
      `select ${BID_COLUMNS}, s.nft_id, n.name as nft_name, s.status as sale_status ${BID_FROM}
         join nft_sales s on s.id = b.sale_id join nfts n on n.id = s.nft_id
        where b.user_id = $1 order by b.id desc limit $2 offset $3`,
      [userId, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from nft_bids where user_id = $1',
      [userId],
    );
    return {
      list: rows.map((r) => ({
        ...bidView(r, userId),
        saleId: Number(r.sale_id),
        nftId: Number(r.nft_id),
        nftName: r.nft_name,
        saleStatus: r.sale_status,
      })),
      total: count?.n ?? 0,
    };
  }

  /**
   * The charity's donations: the ledger's transfers of kind nft_charity, summed overall and
   * per NFT, listed with the settled sales they came from.
   */
  async donations(q: Page) {
    const [total] = await this.db.query<{ sum: string }>(
      `select coalesce(sum(amount), 0)::text as sum from ledger_transfers where kind = 'nft_charity'`,
    );
    const perNft = await this.db.query<{ nft_id: number; name: string; donated: string }>(
      `select n.id as nft_id, n.name, coalesce(sum(t.amount), 0)::text as donated
         from nfts n join nft_sales s on s.nft_id = n.id and s.status = 'settled'
         join ledger_transfers t on t.reference = 'hold:' || s.settled_hold_id
                                and t.kind = 'nft_charity'
        group by n.id, n.name order by n.id`,
    );
    const sales = await this.db.query<{
      id: number;
      nft_id: number;
      name: string;
      final_price: string;
      winner: string;
      ended_at: Date;
      charity: string;
    }>(
      `select s.id, s.nft_id, n.name, s.final_price::text, u.username as winner, s.ended_at,
              (select coalesce(sum(t.amount), 0)::text from ledger_transfers t
                where t.reference = 'hold:' || s.settled_hold_id and t.kind = 'nft_charity') as charity
         from nft_sales s join nfts n on n.id = s.nft_id join users u on u.id = s.winner_user_id
        where s.status = 'settled' order by s.ended_at desc, s.id desc limit $1 offset $2`,
      [q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from nft_sales where status = 'settled'`,
    );
    return {
      total: trimDecimal(total?.sum ?? '0'),
      perNft: perNft.map((p) => ({
        nftId: Number(p.nft_id),
        nftName: p.name,
        donated: trimDecimal(p.donated),
      })),
      sales: sales.map((s) => ({
        saleId: Number(s.id),
        nftId: Number(s.nft_id),
        nftName: s.name,
        price: trimDecimal(s.final_price),
        charity: trimDecimal(s.charity),
        winner: maskName(s.winner),
        settledAt: new Date(s.ended_at).toISOString(),
      })),
      salesTotal: count?.n ?? 0,
    };
  }
}
