import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type {
  FundReserveBody,
  PlanProduct,
  PlanProductBody,
} from '../../../contract/plans/schemas.ts';
import { PLAN_LIMITS } from '../../../contract/plans/schemas.ts';
import { assert } from '../assert.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { addDays, localDate } from '../platform/jobs/slots.ts';
import { planReserve, plansKey } from './transfers.ts';
import { withPlanCodes } from './plan-errors.ts';

export interface ProductRow {
  id: number;
  name: string;
  min_amount: string;
  max_amount: string;
  cycle_days: number;
  daily_rate: string;
  purchase_limit: number;
  exit_penalty: string;
  yield_source: string;
  status: 'open' | 'paused';
}

const PRODUCT_COLUMNS = `id, name, min_amount::text, max_amount::text, cycle_days,
  daily_rate::text, purchase_limit, exit_penalty::text, yield_source, status`;

const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));

/**
 * Smart plan products and their reserves (docs/plans.md): staff create and change them with a
 * reason; the reserve's figures are read from the ledger and the open plans each time.
 */
export class PlanProducts {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  async row(q: Queryable, id: number, lock = false): Promise<ProductRow | undefined> {
    const [row] = await q.query<ProductRow>(
      `select ${PRODUCT_COLUMNS} from plan_products where id = $1 ${lock ? 'for no key update' : ''}`,
      [id],
    );
    return row;
  }

  /** Yield still owed to the product's open plans. */
  async promised(q: Queryable, productId: number): Promise<bigint> {
    const [row] = await q.query<{ units: string }>(
      `select coalesce(sum(daily_yield * (cycle_days - days_paid)), 0)::text as units
         from plans where product_id = $1 and status = 'earning'`,
      [productId],
    );
    return toUnits(row?.units ?? '0', USDT_SCALE);
  }

  /** Every product (open ones only for people), with its reserve and the caller's purchases. */
  async list(opts: { includePaused: boolean; userId?: number }) {
    const rows = await this.db.query<ProductRow & { bought: number }>(
      `select ${PRODUCT_COLUMNS},
              (select count(*)::int from plans p where p.product_id = pp.id and p.user_id = $2) as bought
         from plan_products pp where $1 or status = 'open' order by id limit $3`,
      [opts.includePaused, opts.userId ?? 0, PLAN_LIMITS.productsMax],
    );
    const list = await Promise.all(rows.map((r) => this.view(this.db, r, r.bought)));
    return { list, timeZone: this.timeZone };
  }

  async view(q: Queryable, r: ProductRow, bought: number): Promise<PlanProduct> {
    return {
      id: Number(r.id),
      name: r.name,
      asset: 'USDT',
      minAmount: trimDecimal(r.min_amount),
      maxAmount: trimDecimal(r.max_amount),
      cycleDays: r.cycle_days,
      dailyRatePercent: trimDecimal(r.daily_rate),
      purchaseLimit: r.purchase_limit,
      exitPenaltyPercent: trimDecimal(r.exit_penalty),
      yieldSource: r.yield_source,
      status: r.status,
      bought,
      reserve: await this.reserve(q, Number(r.id)),
    };
  }

  /** The reserve's balance, what it has promised, and what it paid in the last 7 and 30 days. */
  private async reserve(q: Queryable, productId: number) {
    const today = localDate(this.now(), this.timeZone);
    const [paid] = await q.query<{ d7: string; d30: string }>(
      `select coalesce(sum(amount) filter (where day > $2::date), 0)::text as d7,
              coalesce(sum(amount), 0)::text as d30
         from plan_payout_days where product_id = $1 and day > $3::date`,
      [productId, addDays(today, -8), addDays(today, -31)],
    );
    return {
      balance: usdt(await this.ledger.platformBalance(q, planReserve(productId), 'USDT', 'real')),
      promised: usdt(await this.promised(q, productId)),
      paid7d: trimDecimal(paid?.d7 ?? '0'),
      paid30d: trimDecimal(paid?.d30 ?? '0'),
    };
  }

  /** Creates or changes a product; open plans keep the terms they were bought with. */
  async save(staff: Staff, body: PlanProductBody): Promise<PlanProduct> {
    if (toUnits(body.minAmount, USDT_SCALE) > toUnits(body.maxAmount, USDT_SCALE)) {
      throw new AppError(Code.paramWrong, { field: 'maxAmount' });
    }
    if (Number(body.dailyRatePercent) <= 0 || Number(body.dailyRatePercent) > 10) {
      throw new AppError(Code.paramWrong, { field: 'dailyRatePercent' });
    }
    if (Number(body.exitPenaltyPercent) > 100) {
      throw new AppError(Code.paramWrong, { field: 'exitPenaltyPercent' });
    }
    const values = [
      body.name,
      body.minAmount,
      body.maxAmount,
      body.cycleDays,
      body.dailyRatePercent,
      body.purchaseLimit,
      body.exitPenaltyPercent,
      body.yieldSource,
      body.status,
    ];
    return this.ledger.atomically(async (tx) => {
      const before = body.id === undefined ? undefined : await this.row(tx, body.id, true);
      if (body.id !== undefined && before === undefined) {
        throw new AppError(Code.smartProductWrong, { field: 'id' });
      }
      const [row] =
        body.id === undefined
          ? await tx.query<ProductRow>(
              `insert into plan_products (name, min_amount, max_amount, cycle_days, daily_rate,
                 purchase_limit, exit_penalty, yield_source, status)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning ${PRODUCT_COLUMNS}`,
              values,
            )
          : await tx.query<ProductRow>(
              `update plan_products set name = $1, min_amount = $2, max_amount = $3,
                 cycle_days = $4, daily_rate = $5, purchase_limit = $6, exit_penalty = $7,
                 yield_source = $8, status = $9, updated_at = now()
               where id = $10 returning ${PRODUCT_COLUMNS}`,
              [...values, body.id],
            );
      assert(row !== undefined, 'product write returned no row');
      await this.audit.append(tx, staff, {
        action: body.id === undefined ? 'plans.product.create' : 'plans.product.update',
        target: `plan-product:${row.id}`,
        before: before ?? null,
        after: row,
        reason: body.reason,
      });
      return this.view(tx, row, 0);
    });
  }

  /** Moves the operator's money into a product's reserve (once per form key). */
  async fund(staff: Staff, body: FundReserveBody): Promise<PlanProduct> {
    const amount = toUnits(body.amount, USDT_SCALE);
    return withPlanCodes(() =>
      this.ledger.atomically(async (tx: Tx) => {
        const row = await this.row(tx, body.productId, true);
        if (row === undefined) throw new AppError(Code.smartProductWrong, { field: 'productId' });
        const { replayed } = await this.ledger.post(tx, {
          key: plansKey.funding(staff.id, body.key),
          asset: 'USDT',
          book: 'real',
          legs: [
            {
              from: { platform: 'operator_capital' },
              to: { platform: planReserve(Number(row.id)) },
              amount,
              kind: 'plan_reserve_funding',
              reference: `plan-product:${row.id}`,
            },
          ],
        });
        if (!replayed) {
          await this.audit.append(tx, staff, {
            action: 'plans.reserve.fund',
            target: `plan-product:${row.id}`,
            after: { amount: body.amount },
            reason: body.reason,
          });
        }
        return this.view(tx, row, 0);
      }),
    );
  }
}
