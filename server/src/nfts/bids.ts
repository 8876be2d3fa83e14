import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import { endAfterBid, minNextBid } from '../../../contract/nfts/auction.ts';
import type { BidBody, BuyNftBody, SaleBid } from '../../../contract/nfts/schemas.ts';
import type { NftSale } from '../../../contract/nfts/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { maskName } from '../platform/mask.ts';
import { firstOfTwins, replayOf, requestHash } from '../platform/request-replay.ts';
import { withNftCodes } from './nft-errors.ts';
import { frameOf, leadingOf, saleById, saleView, termsOf, usdt, type SaleRow } from './sale-row.ts';
import { lockSale, settleIn, type SettleDeps } from './settlement.ts';
import { KeyedLanes, LaneFull } from '../platform/keyed-lanes.ts';
import { nftsKey } from './transfers.ts';

export interface BidRow {
  id: number;
  sale_id: number;
  user_id: number;
  amount: string;
  hold_id: number;
  kind: 'bid' | 'buy_now';
  status: SaleBid['status'];
  body_hash: string;
  created_at: Date;
  bidder: string;
}

export const BID_COLUMNS = `b.id, b.sale_id, b.user_id, b.amount::text, b.hold_id, b.kind, b.status,
  b.body_hash, b.created_at, u.username as bidder`;
export const BID_FROM = 'from nft_bids b join users u on u.id = b.user_id';

export function bidView(b: BidRow, userId: number): SaleBid {
  return {
    id: Number(b.id),
    amount: usdt(toUnits(b.amount, USDT_SCALE)),
    bidder: maskName(b.bidder),
    mine: userId > 0 && Number(b.user_id) === userId,
    kind: b.kind,
    status: b.status,
    at: new Date(b.created_at).toISOString(),
  };
}

type Placed = { bid: BidRow; sale: SaleRow };

/** Bids one sale's lane holds at most on a node; past it a bid answers 10102 (try again). */
const BIDS_WAITING_PER_SALE = 256;

/**
 * Bids and buy-nows (docs/nfts.md). Each runs in one transaction that locks the sale's row
 * first: the new hold, the release of the bid it beats, the sale's new end and (buy-now) the
 * settlement commit together, so a sale has exactly one open hold, its leading bid's.
 */
export class NftBids {
  /**
   * One writer per sale on this node (decision 69): a bid waits here, not on the sale's row,
   * and once its turn comes a bid the committed sale already beats is refused before the lock.
   */
  private readonly lanes = new KeyedLanes<number>(BIDS_WAITING_PER_SALE);

  constructor(
    private readonly db: Queryable,
    private readonly deps: SettleDeps & { channels: Channels },
  ) {}

  async bid(userId: number, book: Book, body: BidBody) {
    return this.place(userId, book, body, 'bid');
  }

  async buyNow(userId: number, book: Book, body: BuyNftBody) {
    const placed = await this.place(userId, book, body, 'buy_now');
    return { ...placed, message: Code.purchaseSuccessful };
  }

  private async place(
    userId: number,
    book: Book,
    body: BidBody | BuyNftBody,
    kind: BidRow['kind'],
  ): Promise<{ bid: SaleBid; sale: NftSale }> {
    if (book !== 'real') throw new AppError(Code.demoNotAllowed);
    // The kind is part of what was asked: a bid's key replayed as a buy-now is another request.
    const asked: { key: string; kind: string } = { ...body, kind };
    const hash = requestHash(book, asked);
    let placed = await this.replay(userId, body.key, hash);
    if (placed === undefined) placed = await this.inLane(userId, body, hash, kind);
    return { bid: bidView(placed.bid, userId), sale: saleView(placed.sale, userId) };
  }

  /** The bid in its sale's lane: refused early, or placed (or its twin's answer). */
  private async inLane(
    userId: number,
    body: BidBody | BuyNftBody,
    hash: string,
    kind: BidRow['kind'],
  ): Promise<Placed> {
    try {
      return await this.lanes.run(body.saleId, async () => {
        const refused = await this.refuseEarly(userId, body, hash, kind);
        return refused ?? this.write(userId, body, hash, kind);
      });
    } catch (err) {
      if (err instanceof LaneFull) throw new AppError(Code.tooManyRequests, null, 429);
      throw err;
    }
  }

  private async write(
    userId: number,
    body: BidBody | BuyNftBody,
    hash: string,
    kind: BidRow['kind'],
  ): Promise<Placed> {
    const { value } = await firstOfTwins(
      () =>
        withNftCodes(() =>
          this.deps.ledger.atomically((tx) => this.inTx(tx, userId, body, hash, kind)),
        ),
      () => this.replay(userId, body.key, hash),
    );
    if (value === null) {
      // A twin of this request (same person, same key) committed while this one waited for
      // the sale's row: its answer is this one's (10134 if it asked something else).
      const twin = await this.replay(userId, body.key, hash);
      assert(twin !== undefined, 'a twin bid vanished');
      return twin;
    }
    const { bid, sale } = value;
    this.deps.channels.publish(
      'nfts.sale',
      frameOf(sale, { id: bid.id, amount: bid.amount, bidder: bid.bidder, at: bid.created_at }),
    );
    return value;
  }

  /**
   * Refuses, before taking the sale's row, what the committed sale already refuses: an ended
   * or unknown sale, one's own, a bid below the next minimum (which only ever rises). Losing
   * bids then never queue for the row. A refusal that a twin of this very request caused (its
   * bid committed a moment ago) answers the twin instead.
   */
  private async refuseEarly(
    userId: number,
    body: BidBody | BuyNftBody,
    hash: string,
    kind: BidRow['kind'],
  ): Promise<Placed | undefined> {
    const sale = await saleById(this.db, body.saleId);
    try {
      this.check(sale, userId, body, kind);
    } catch (err) {
      const twin = await this.replay(userId, body.key, hash);
      if (twin !== undefined) return twin;
      throw err;
    }
    return undefined;
  }

  /** The sale's own refusals, and the amount a bid or a buy-now holds. */
  private check(
    sale: SaleRow | undefined,
    userId: number,
    body: BidBody | BuyNftBody,
    kind: BidRow['kind'],
  ): bigint {
    if (sale === undefined) throw new AppError(Code.collectibleStatusWrong, { field: 'saleId' });
    if (sale.status !== 'open' || new Date(sale.ends_at).getTime() <= this.deps.now()) {
      throw new AppError(Code.collectibleStatusWrong, { field: 'saleId' });
    }
    if (Number(sale.creator_user_id) === userId) throw new AppError(Code.ownSale);
    return this.amountOf(sale, body, kind);
  }

  private async inTx(
    tx: Tx,
    userId: number,
    body: BidBody | BuyNftBody,
    hash: string,
    kind: BidRow['kind'],
  ): Promise<Placed | null> {
    const sale = await lockSale(tx, body.saleId);
    // The same request sent twice at once: the second finds the first's bid once it has the
    // sale's row, and answers it (not a refusal judged against its own twin's bid). A statement
    // of its own: one that waited for the lock would not see what the twin committed.
    const [twin] = await tx.query(
      'select 1 from nft_bids where user_id = $1 and request_key = $2',
      [userId, body.key],
    );
    if (twin !== undefined) return null;
    const now = this.deps.now();
    const amount = this.check(sale, userId, body, kind);
    assert(sale !== undefined, 'a checked sale');
    await this.releaseLeading(tx, sale, userId, amount);
    const { holdId } = await this.deps.ledger.holdIn(tx, {
      key: nftsKey.bid(userId, body.key),
      user: userId,
      asset: 'USDT',
      book: 'real',
      amount,
      kind: 'nft_bid_hold',
      reference: `nft-sale:${sale.id}`,
    });
    const { bid, endsAt } = await this.record(tx, sale, {
      userId,
      body,
      hash,
      amount,
      holdId,
      kind,
      now,
    });
    // The sale as it now is, without reading it back: this transaction holds its row.
    const after: SaleRow = {
      ...sale,
      leading_bid_id: bid.id,
      bids: sale.bids + 1,
      ends_at: endsAt,
      leading_amount: bid.amount,
      leading_user_id: userId,
      leading_hold_id: bid.hold_id,
      leading_name: bid.bidder,
    };
    if (kind === 'bid') return { bid, sale: after };
    await settleIn(tx, this.deps, after, bid);
    const settled = await saleById(tx, Number(sale.id));
    assert(settled !== undefined, 'sale vanished');
    return { bid: await this.bidById(tx, bid.id), sale: settled };
  }

  /** The bid and the sale's new state (leader, count, end) in one statement. */
  private async record(
    tx: Tx,
    sale: SaleRow,
    b: {
      userId: number;
      body: BidBody | BuyNftBody;
      hash: string;
      amount: bigint;
      holdId: number;
      kind: BidRow['kind'];
      now: number;
    },
  ): Promise<{ bid: BidRow; endsAt: Date }> {
    const end = new Date(sale.ends_at).getTime();
    const endsAt = new Date(b.kind === 'bid' ? endAfterBid(end, b.now, sale.extend_minutes) : end);
    const [bid] = await tx.query<BidRow>(
      `with b as (
         insert into nft_bids (sale_id, user_id, request_key, body_hash, amount, hold_id, kind,
           status, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, 'leading', $8) returning *),
       s as (
         update nft_sales set leading_bid_id = (select id from b), bids = bids + 1, ends_at = $9
          where id = $1)
       select ${BID_COLUMNS} from b join users u on u.id = b.user_id`,
      [
        sale.id,
        b.userId,
        b.body.key,
        b.hash,
        fromUnits(b.amount, USDT_SCALE),
        b.holdId,
        b.kind,
        new Date(b.now),
        endsAt,
      ],
    );
    assert(bid !== undefined, 'bid insert returned no row');
    return { bid, endsAt };
  }

  /** A bid's least amount, or the sale's buy-now price (while no bid has reached it). */
  private amountOf(sale: SaleRow, body: BidBody | BuyNftBody, kind: BidRow['kind']): bigint {
    const leading = leadingOf(sale);
    if (kind === 'buy_now') {
      if (sale.buy_now_price === null) throw new AppError(Code.collectibleStatusWrong);
      const price = toUnits(sale.buy_now_price, USDT_SCALE);
      if (leading !== null && leading >= price) throw new AppError(Code.collectibleStatusWrong);
      return price;
    }
    assert('amount' in body, 'a bid without an amount');
    const amount = toUnits(body.amount, USDT_SCALE);
    if (amount < minNextBid(termsOf(sale), leading)) {
      throw new AppError(Code.bidTooLow, { field: 'amount' });
    }
    return amount;
  }

  /**
   * Gives the leading bid's hold back, in the transaction of the bid that beats it; its bidder
   * is told, unless they are raising their own bid.
   */
  private async releaseLeading(tx: Tx, sale: SaleRow, userId: number, beatenBy: bigint) {
    if (sale.leading_bid_id === null) return;
    const leading = {
      id: Number(sale.leading_bid_id),
      user_id: Number(sale.leading_user_id),
      hold_id: Number(sale.leading_hold_id),
      amount: sale.leading_amount ?? '0',
    };
    const own = leading.user_id === userId;
    const changed = await tx.query(
      `update nft_bids set status = $2 where id = $1 and status = 'leading' returning id`,
      [leading.id, own ? 'released' : 'outbid'],
    );
    assert(changed.length === 1, () => `sale ${sale.id}: bid ${leading.id} was not leading`);
    await this.deps.ledger.resolveHoldIn(
      tx,
      nftsKey.release(leading.id),
      leading.hold_id,
      { release: true },
      'nft_bid_released',
    );
    if (own) return;
    await this.deps.notices.raise(tx, Number(leading.user_id), {
      kind: 'nfts.outbid',
      saleId: Number(sale.id),
      nftId: Number(sale.nft_id),
      nftName: sale.nft_name,
      amount: usdt(toUnits(leading.amount, USDT_SCALE)),
      newBid: usdt(beatenBy),
    });
  }

  private async bidById(q: Queryable, id: number): Promise<BidRow> {
    const [row] = await q.query<BidRow>(`select ${BID_COLUMNS} ${BID_FROM} where b.id = $1`, [id]);
    assert(row !== undefined, () => `bid ${id} vanished`);
    return row;
  }

  private async replay(userId: number, key: string, hash: string): Promise<Placed | undefined> {
    const [row] = await this.db.query<BidRow>(
      `select ${BID_COLUMNS} ${BID_FROM} where b.user_id = $1 and b.request_key = $2`,
      [userId, key],
    );
    const bid = replayOf(row, hash);
    if (bid === undefined) return undefined;
    const sale = await saleById(this.db, Number(bid.sale_id));
    assert(sale !== undefined, 'sale vanished');
    return { bid, sale };
  }
}
