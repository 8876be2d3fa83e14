import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { LoanProduct, LoanProductBody } from '../../../contract/loans/schemas.ts';
import { LOAN_LIMITS } from '../../../contract/loans/schemas.ts';
import { assert } from '../assert.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Queryable } from '../platform/db/database.ts';

import { LENDING, loansKey } from './transfers.ts';
import { withLoanCodes } from './loan-errors.ts';

export interface LoanProductRow {
  id: number;
  name: string;
  min_amount: string;
  max_amount: string;
  terms: number[];
  daily_rate: string;
  free_days: number;
  overdue_rate: string;
  status: 'open' | 'paused';
}

const COLUMNS = `id, name, min_amount::text, max_amount::text, terms, daily_rate::text, free_days,
  overdue_rate::text, status`;

export function productView(r: LoanProductRow): LoanProduct {
  return {
    id: Number(r.id),
    name: r.name,
    asset: 'USDT',
    minAmount: trimDecimal(r.min_amount),
    maxAmount: trimDecimal(r.max_amount),
    terms: r.terms.map(Number),
    dailyRatePercent: trimDecimal(r.daily_rate),
    freeDays: r.free_days,
    overdueRatePercent: trimDecimal(r.overdue_rate),
    status: r.status,
  };
}

/** Loan products and the lending account (docs/loans.md). */
export class LoanProducts {
  constructor(
    private readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
  ) {}

  async row(q: Queryable, id: number): Promise<LoanProductRow | undefined> {
    const [row] = await q.query<LoanProductRow>(
      `select ${COLUMNS} from loan_products where id = $1`,
      [id],
    );
    return row;
  }

  async list(includePaused: boolean) {
    const rows = await this.db.query<LoanProductRow>(
      `select ${COLUMNS} from loan_products where $1 or status = 'open' order by id limit $2`,
      [includePaused, LOAN_LIMITS.productsMax],
    );
    return { list: rows.map(productView), ...(await this.lending(this.db)) };
  }

  /** The lending account's balance and the principal lent out, from the ledger and the loans. */
  async lending(q: Queryable) {
    const [out] = await q.query<{ units: string }>(
      `select coalesce(sum(amount), 0)::text as units from loans where status in ('repaying', 'expired')`,
    );
    return {
      lendingBalance: trimDecimal(
        fromUnits(await this.ledger.platformBalance(q, LENDING, 'USDT', 'real'), USDT_SCALE),
      ),
      outstanding: trimDecimal(out?.units ?? '0'),
    };
  }

  async save(staff: Staff, body: LoanProductBody): Promise<LoanProduct> {
    if (toUnits(body.minAmount, USDT_SCALE) > toUnits(body.maxAmount, USDT_SCALE)) {
      throw new AppError(Code.paramWrong, { field: 'maxAmount' });
    }
    for (const field of ['dailyRatePercent', 'overdueRatePercent'] as const) {
      if (Number(body[field]) > 10) throw new AppError(Code.paramWrong, { field });
    }
    const terms = [...new Set(body.terms)].sort((a, b) => a - b);
    const values = [
      body.name,
      body.minAmount,
      body.maxAmount,
      terms,
      body.dailyRatePercent,
      body.freeDays,
      body.overdueRatePercent,
      body.status,
    ];
    return this.ledger.atomically(async (tx) => {
      const [before] =
        body.id === undefined
          ? [undefined]
          : await tx.query<LoanProductRow>(
              `select ${COLUMNS} from loan_products where id = $1 for no key update`,
              [body.id],
            );
      if (body.id !== undefined && before === undefined) {
        throw new AppError(Code.notFound, { field: 'id' });
      }
      const [row] =
        body.id === undefined
          ? await tx.query<LoanProductRow>(
              `insert into loan_products (name, min_amount, max_amount, terms, daily_rate, free_days,
                 overdue_rate, status) values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
              values,
            )
          : await tx.query<LoanProductRow>(
              `update loan_products set name = $1, min_amount = $2, max_amount = $3, terms = $4,
                 daily_rate = $5, free_days = $6, overdue_rate = $7, status = $8, updated_at = now()
               where id = $9 returning ${COLUMNS}`,
              [...values, body.id],
            );
      assert(row !== undefined, 'loan product write returned no row');
      await this.audit.append(tx, staff, {
        action: body.id === undefined ? 'loans.product.create' : 'loans.product.update',
        target: `loan-product:${row.id}`,
        before: before ?? null,
        after: row,
        reason: body.reason,
      });
      return productView(row);
    });
  }

  async fund(staff: Staff, body: { key: string; amount: string; reason: string }) {
    await withLoanCodes(() =>
      this.ledger.atomically(async (tx) => {
        const { replayed } = await this.ledger.post(tx, {
          key: loansKey.funding(staff.id, body.key),
          asset: 'USDT',
          book: 'real',
          legs: [
            {
              from: { platform: 'operator_capital' },
              to: { platform: LENDING },
              amount: toUnits(body.amount, USDT_SCALE),
              kind: 'loan_lending_funding',
            },
          ],
        });
        if (!replayed) {
          await this.audit.append(tx, staff, {
            action: 'loans.lending.fund',
            target: 'loans:lending',
            after: { amount: body.amount },
            reason: body.reason,
          });
        }
      }),
    );
    return this.list(true);
  }
}
