import { shares } from '../../../contract/nfts/auction.ts';
import type { NftSaleFrame } from '../../../contract/nfts/frames.ts';
import { assert } from '../assert.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Tx } from '../platform/db/database.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { frameOf, saleById, usdt, type SaleRow } from './sale-row.ts';
import { CHARITY, creatorPayee, nftsKey } from './transfers.ts';

export interface SettleDeps {
  ledger: Ledger;
  notices: Notices;
  now: () => number;
  /** Whether sold NFTs are sent on chain (NFT_CUSTODY_KEY): each sale then owes a delivery. */
  delivers: boolean;
}

/**
 * Locks a sale's row, then reads it: every change to a sale and its bids goes through this,
 * first. Two statements on purpose: a locking read that waited re-reads only the locked row,
 * not what it joins (the leading bid another transaction just wrote), so the read comes after.
 */
export async function lockSale(tx: Tx, id: number): Promise<SaleRow | undefined> {
  const [locked] = await tx.query<{ id: number }>(
    'select id from nft_sales where id = $1 for no key update',
    [id],
  );
  return locked === undefined ? undefined : saleById(tx, id);
}

/**
 * Sells the NFT to the winning bid, in the caller's transaction with the sale's row locked:
 * the winner's hold is paid out in the sale's split (charity, creator, fee, adding up to the
 * price), the winner owns the NFT, every other bidder is told. Once per sale: the row's status
 * and the settlement's ledger key both say so.
 */
export async function settleIn(
  tx: Tx,
  deps: SettleDeps,
  sale: SaleRow,
  winner: { id: number; user_id: number; amount: string; hold_id: number },
): Promise<void> {
  assert(sale.status === 'open', () => `sale ${sale.id} settled while ${sale.status}`);
  const price = toUnits(winner.amount, USDT_SCALE);
  const parts = shares(price, {
    charityPercent: sale.charity_percent,
    creatorPercent: sale.creator_percent,
    feePercent: sale.fee_percent,
  });
  assert(parts.charity + parts.creator + parts.fee === price, () => `sale ${sale.id} split`);
  const nftId = Number(sale.nft_id);
  await deps.ledger.resolveHoldIn(
    tx,
    nftsKey.settle(Number(sale.id)),
    Number(winner.hold_id),
    {
      settle: [
        { to: CHARITY, amount: parts.charity, kind: 'nft_charity' },
        { to: creatorPayee(nftId), amount: parts.creator, kind: 'nft_creator' },
        { to: 'fees', amount: parts.fee, kind: 'nft_fee' },
      ],
    },
    'nft_charity',
  );
  if (sale.creator_user_id !== null && parts.creator > 0n) {
    await deps.ledger.post(tx, {
      key: nftsKey.creator(Number(sale.id)),
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: creatorPayee(nftId) },
          to: { user: Number(sale.creator_user_id), purpose: 'available' },
          amount: parts.creator,
          kind: 'nft_creator_paid',
          reference: `nft-sale:${sale.id}`,
        },
      ],
    });
  }
  const at = new Date(deps.now());
  await tx.query(`update nft_bids set status = 'won' where id = $1`, [winner.id]);
  await tx.query(
    `update nft_sales set status = 'settled', winner_user_id = $2, final_price = $3,
       settled_hold_id = $4, leading_bid_id = $5, ended_at = $6 where id = $1`,
    [sale.id, winner.user_id, fromUnits(price, USDT_SCALE), winner.hold_id, winner.id, at],
  );
  await tx.query(
    'insert into nft_owners (nft_id, user_id, sale_id, acquired_at) values ($1, $2, $3, $4)',
    [nftId, winner.user_id, sale.id, at],
  );
  if (deps.delivers) {
    await tx.query(
      'insert into nft_deliveries (sale_id, nft_id, user_id, updated_at) values ($1, $2, $3, $4)',
      [sale.id, nftId, winner.user_id, at],
    );
  }
  await tellResult(tx, deps.notices, sale, Number(winner.user_id), usdt(price));
}

async function tellResult(
  tx: Tx,
  notices: Notices,
  sale: SaleRow,
  winnerId: number,
  price: string,
): Promise<void> {
  const others = await tx.query<{ user_id: number }>(
    'select distinct user_id from nft_bids where sale_id = $1 and user_id <> $2',
    [sale.id, winnerId],
  );
  const about = {
    saleId: Number(sale.id),
    nftId: Number(sale.nft_id),
    nftName: sale.nft_name,
    price,
  };
  await notices.raiseMany(tx, [
    { userId: winnerId, notice: { kind: 'nfts.won', ...about } },
    ...others.map((o) => ({
      userId: Number(o.user_id),
      notice: { kind: 'nfts.lost' as const, ...about },
    })),
  ]);
}

/**
 * Ends one sale whose time is up: sold to its leading bid, or unsold without one. A sale a late
 * bid extended, or another runner already ended, is left as it is (null).
 */
export async function endSale(tx: Tx, deps: SettleDeps, id: number): Promise<NftSaleFrame | null> {
  const sale = await lockSale(tx, id);
  if (sale === undefined || sale.status !== 'open') return null;
  if (new Date(sale.ends_at).getTime() > deps.now()) return null;
  if (sale.leading_bid_id === null) {
    await tx.query(`update nft_sales set status = 'unsold', ended_at = $2 where id = $1`, [
      id,
      new Date(deps.now()),
    ]);
  } else {
    const [winner] = await tx.query<{
      id: number;
      user_id: number;
      amount: string;
      hold_id: number;
    }>(
      `select id, user_id, amount::text, hold_id from nft_bids where id = $1 and status = 'leading'`,
      [sale.leading_bid_id],
    );
    assert(
      winner !== undefined,
      () => `sale ${id}: leading bid ${sale.leading_bid_id} not leading`,
    );
    await settleIn(tx, deps, sale, winner);
  }
  const after = await saleById(tx, id);
  assert(after !== undefined, 'sale vanished');
  return frameOf(after, null);
}
