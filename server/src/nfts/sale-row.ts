import type { NftSaleFrame } from '../../../contract/nfts/frames.ts';
import { minNextBid } from '../../../contract/nfts/auction.ts';
import type { NftSale, SaleStatus } from '../../../contract/nfts/schemas.ts';
import { assert } from '../assert.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Queryable } from '../platform/db/database.ts';
import { maskName } from '../platform/mask.ts';

export interface SaleRow {
  id: number;
  nft_id: number;
  nft_name: string;
  creator_user_id: number | null;
  start_price: string;
  min_increment: string;
  extend_minutes: number;
  buy_now_price: string | null;
  charity_percent: string;
  creator_percent: string;
  fee_percent: string;
  starts_at: Date;
  ends_at: Date;
  original_ends_at: Date;
  status: SaleStatus;
  leading_bid_id: number | null;
  bids: number;
  winner_user_id: number | null;
  final_price: string | null;
  settled_hold_id: number | null;
  ended_at: Date | null;
  created_by: number;
  created_at: Date;
  leading_amount: string | null;
  leading_user_id: number | null;
  leading_hold_id: number | null;
  leading_name: string | null;
  winner_name: string | null;
  /** The ledger's sum of the charity's share of this sale. */
  donated: string;
}

export const SALE_COLUMNS = `s.id, s.nft_id, n.name as nft_name, s.creator_user_id,
  s.start_price::text, s.min_increment::text, s.extend_minutes, s.buy_now_price::text,
  s.charity_percent::text, s.creator_percent::text, s.fee_percent::text, s.starts_at, s.ends_at,
  s.original_ends_at, s.status, s.leading_bid_id, s.bids, s.winner_user_id, s.final_price::text,
  s.settled_hold_id, s.ended_at, s.created_by, s.created_at,
  lb.amount::text as leading_amount, lb.user_id as leading_user_id, lb.hold_id as leading_hold_id,
  lu.username as leading_name,
  wu.username as winner_name,
  (select coalesce(sum(t.amount), 0)::text from ledger_transfers t
    where t.kind = 'nft_charity' and t.reference = 'hold:' || s.settled_hold_id) as donated`;

export const SALE_FROM = `from nft_sales s join nfts n on n.id = s.nft_id
  left join nft_bids lb on lb.id = s.leading_bid_id
  left join users lu on lu.id = lb.user_id
  left join users wu on wu.id = s.winner_user_id`;

export const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));

export async function saleById(q: Queryable, id: number): Promise<SaleRow | undefined> {
  const [row] = await q.query<SaleRow>(`select ${SALE_COLUMNS} ${SALE_FROM} where s.id = $1`, [id]);
  return row;
}

export function termsOf(r: SaleRow) {
  return {
    startPrice: toUnits(r.start_price, USDT_SCALE),
    minIncrementPercent: r.min_increment,
    extendMinutes: r.extend_minutes,
  };
}

export function leadingOf(r: SaleRow): bigint | null {
  return r.leading_amount === null ? null : toUnits(r.leading_amount, USDT_SCALE);
}

/** The wire's sale, for `userId` (0 signed out): every figure from the rows and the ledger. */
export function saleView(r: SaleRow, userId: number): NftSale {
  const settled = r.status === 'settled';
  // The settlement writes the price and the ledger's shares together: a settled sale gave.
  assert(
    !settled || toUnits(r.donated, USDT_SCALE) > 0n || toUnits(r.charity_percent, 6) === 0n,
    () => `sale ${r.id} settled with no charity transfer`,
  );
  return {
    id: Number(r.id),
    nftId: Number(r.nft_id),
    status: r.status,
    startPrice: trimDecimal(r.start_price),
    minIncrementPercent: trimDecimal(r.min_increment),
    extendMinutes: r.extend_minutes,
    buyNowPrice: r.buy_now_price === null ? null : trimDecimal(r.buy_now_price),
    split: {
      charityPercent: trimDecimal(r.charity_percent),
      creatorPercent: trimDecimal(r.creator_percent),
      feePercent: trimDecimal(r.fee_percent),
    },
    startsAt: new Date(r.starts_at).toISOString(),
    endsAt: new Date(r.ends_at).toISOString(),
    originalEndsAt: new Date(r.original_ends_at).toISOString(),
    currentBid: r.leading_amount === null ? null : trimDecimal(r.leading_amount),
    minNextBid: usdt(minNextBid(termsOf(r), leadingOf(r))),
    bids: r.bids,
    leader: r.leading_name === null ? null : maskName(r.leading_name),
    leading: userId > 0 && Number(r.leading_user_id) === userId && r.status === 'open',
    own: userId > 0 && Number(r.creator_user_id) === userId,
    finalPrice: r.final_price === null ? null : trimDecimal(r.final_price),
    winner: r.winner_name === null ? null : maskName(r.winner_name),
    donated: trimDecimal(r.donated),
    endedAt: r.ended_at === null ? null : new Date(r.ended_at).toISOString(),
  };
}

/** The live frame of a sale's state (nfts.sale), with the bid that made it, if any. */
export function frameOf(
  r: SaleRow,
  lastBid: { id: number; amount: string; bidder: string; at: Date } | null,
): NftSaleFrame {
  const view = saleView(r, 0);
  return {
    saleId: view.id,
    nftId: view.nftId,
    status: view.status,
    currentBid: view.currentBid,
    minNextBid: view.minNextBid,
    bids: view.bids,
    leader: view.leader,
    endsAt: view.endsAt,
    lastBid:
      lastBid === null
        ? null
        : {
            id: Number(lastBid.id),
            amount: trimDecimal(lastBid.amount),
            bidder: maskName(lastBid.bidder),
            at: new Date(lastBid.at).toISOString(),
          },
  };
}
