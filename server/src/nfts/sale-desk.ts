import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { SaleBody, SaleStatus } from '../../../contract/nfts/schemas.ts';
import { RATE_SCALE } from '../../../contract/plans/terms.ts';
import { assert } from '../assert.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { toUnits } from '../money/decimal.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { withNftCodes } from './nft-errors.ts';
import { frameOf, SALE_COLUMNS, SALE_FROM, saleById, saleView, type SaleRow } from './sale-row.ts';
import { lockSale, type SettleDeps } from './settlement.ts';
import { nftsKey } from './transfers.ts';

const MINUTE_MS = 60_000;
const HUNDRED = 100n * 10n ** BigInt(RATE_SCALE);

/**
 * Staff's side of the sales (docs/nfts.md): a sale is made once, with its terms and a reason
 * (audit log), and may be withdrawn until it ends; terms never change under bidders.
 */
export class SaleDesk {
  constructor(
    private readonly db: Queryable,
    private readonly audit: AuditLog,
    private readonly deps: SettleDeps & { channels: Channels },
  ) {}

  async create(staff: Staff, body: SaleBody) {
    checkTerms(body);
    const now = this.deps.now();
    try {
      return await this.deps.ledger.atomically(async (tx) => {
        await this.assertForSale(tx, body);
        const [made] = await tx.query<{ id: number }>(
          `insert into nft_sales (nft_id, creator_user_id, start_price, min_increment,
             extend_minutes, buy_now_price, charity_percent, creator_percent, fee_percent,
             starts_at, ends_at, original_ends_at, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) returning id`,
          [
            body.nftId,
            body.creatorUserId ?? null,
            body.startPrice,
            body.minIncrementPercent,
            body.extendMinutes,
            body.buyNowPrice ?? null,
            body.charityPercent,
            body.creatorPercent,
            body.feePercent,
            new Date(now),
            new Date(now + body.durationMinutes * MINUTE_MS),
            staff.id,
          ],
        );
        assert(made !== undefined, 'sale insert returned no row');
        const row = await saleById(tx, Number(made.id));
        assert(row !== undefined, 'sale vanished');
        const { reason, ...terms } = body;
        await this.audit.append(tx, staff, {
          action: 'nfts.sale.create',
          target: `nft-sale:${row.id}`,
          after: terms,
          reason,
        });
        return this.view(tx, row);
      });
    } catch (err) {
      // Another sale of this NFT opened at the same moment.
      if (isUniqueViolation(err, 'nft_sales_one_open')) throw new AppError(Code.nftNotForSale);
      throw err;
    }
  }

  private async assertForSale(tx: Tx, body: SaleBody): Promise<void> {
    const [nft] = await tx.query<{ open: boolean; owned: boolean }>(
      `select exists (select 1 from nft_sales where nft_id = n.id and status = 'open') as open,
              exists (select 1 from nft_owners where nft_id = n.id) as owned
         from nfts n where n.id = $1`,
      [body.nftId],
    );
    if (nft === undefined) throw new AppError(Code.notFound, { field: 'nftId' });
    if (nft.open || nft.owned) throw new AppError(Code.nftNotForSale, { field: 'nftId' });
    if (body.creatorUserId === undefined) return;
    const [user] = await tx.query('select 1 from users where id = $1', [body.creatorUserId]);
    if (user === undefined) throw new AppError(Code.noMatchingUser, { field: 'creatorUserId' });
  }

  /** Stops an open sale: the leading bid's hold goes back to its bidder, who is told. */
  async withdraw(staff: Staff, body: { saleId: number; reason: string }) {
    const row = await withNftCodes(() =>
      this.deps.ledger.atomically(async (tx) => {
        const sale = await lockSale(tx, body.saleId);
        if (sale === undefined)
          throw new AppError(Code.collectibleStatusWrong, { field: 'saleId' });
        if (sale.status !== 'open') throw new AppError(Code.collectibleStatusWrong);
        // Ended: its leading bid has won, though the settlement job may not have run yet.
        if (new Date(sale.ends_at).getTime() <= this.deps.now()) {
          throw new AppError(Code.collectibleStatusWrong);
        }
        if (sale.leading_bid_id !== null) await this.releaseFor(tx, sale);
        await tx.query(`update nft_sales set status = 'withdrawn', ended_at = $2 where id = $1`, [
          sale.id,
          new Date(this.deps.now()),
        ]);
        await this.audit.append(tx, staff, {
          action: 'nfts.sale.withdraw',
          target: `nft-sale:${sale.id}`,
          before: { status: sale.status, currentBid: sale.leading_amount },
          after: { status: 'withdrawn' },
          reason: body.reason,
        });
        const after = await saleById(tx, Number(sale.id));
        assert(after !== undefined, 'sale vanished');
        return after;
      }),
    );
    this.deps.channels.publish('nfts.sale', frameOf(row, null));
    return this.view(this.db, row);
  }

  private async releaseFor(tx: Tx, sale: SaleRow): Promise<void> {
    const [leading] = await tx.query<{
      id: number;
      user_id: number;
      hold_id: number;
      amount: string;
    }>(
      `update nft_bids set status = 'released' where id = $1 and status = 'leading'
       returning id, user_id, hold_id, amount::text`,
      [sale.leading_bid_id],
    );
    assert(leading !== undefined, () => `sale ${sale.id}: no leading bid to release`);
    await this.deps.ledger.resolveHoldIn(
      tx,
      nftsKey.release(Number(leading.id)),
      Number(leading.hold_id),
      { release: true },
      'nft_bid_released',
    );
    await this.deps.notices.raise(tx, Number(leading.user_id), {
      kind: 'nfts.withdrawn',
      saleId: Number(sale.id),
      nftId: Number(sale.nft_id),
      nftName: sale.nft_name,
      amount: trimDecimal(leading.amount),
    });
  }

  async list(q: { status?: SaleStatus; page: number; size: number }) {
    const rows = await this.db.query<SaleRow>(
      `select ${SALE_COLUMNS} ${SALE_FROM} where ($1::text is null or s.status = $1)
        order by s.id desc limit $2 offset $3`,
      [q.status ?? null, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from nft_sales where ($1::text is null or status = $1)',
      [q.status ?? null],
    );
    return {
      list: await Promise.all(rows.map((r) => this.view(this.db, r))),
      total: count?.n ?? 0,
    };
  }

  private async view(q: Queryable, r: SaleRow) {
    const [staff] = await q.query<{ username: string }>(
      'select username from staff where id = $1',
      [r.created_by],
    );
    return {
      ...saleView(r, 0),
      nftName: r.nft_name,
      creatorUserId: r.creator_user_id === null ? null : Number(r.creator_user_id),
      createdBy: staff?.username ?? '',
      createdAt: new Date(r.created_at).toISOString(),
    };
  }
}

/** The terms' own rules, before any row is read. */
function checkTerms(body: SaleBody): void {
  const pct = (p: string) => toUnits(p, RATE_SCALE);
  const split = pct(body.charityPercent) + pct(body.creatorPercent) + pct(body.feePercent);
  if (split !== HUNDRED) throw new AppError(Code.paramWrong, { field: 'charityPercent' });
  const increment = pct(body.minIncrementPercent);
  if (increment <= 0n || increment > HUNDRED) {
    throw new AppError(Code.paramWrong, { field: 'minIncrementPercent' });
  }
  const start = toUnits(body.startPrice, USDT_SCALE);
  if (body.buyNowPrice !== undefined && toUnits(body.buyNowPrice, USDT_SCALE) < start) {
    throw new AppError(Code.paramWrong, { field: 'buyNowPrice' });
  }
}
