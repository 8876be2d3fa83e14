import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import type { Staff } from '../../../contract/admin/schemas.ts';
import type { DecisionBody } from '../../../contract/review.ts';
import { LOAN_REJECT_REASONS, type LoanStatus } from '../../../contract/loans/schemas.ts';
import { assert } from '../assert.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import type { Database, Queryable, Tx } from '../platform/db/database.ts';
import { addDays, localDate } from '../platform/jobs/slots.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { ReviewCase, ReviewDesk } from '../platform/review/review-desk.ts';

import { withLoanCodes } from './loan-errors.ts';
import { LENDING, loansKey } from './transfers.ts';
import { LOAN_COLUMNS, loanView, type LoanRow } from './view.ts';

type QueueRow = LoanRow & { username: string; kyc_status: string | null };

const QUEUE_COLUMNS = `${LOAN_COLUMNS.replace(
  'from loans l',
  `, u.username, (select k.status from kyc_submissions k where k.user_id = l.user_id
      order by k.id desc limit 1) as kyc_status
  from loans l join users u on u.id = l.user_id`,
)}`;

function queueItem(r: QueueRow) {
  return {
    ...loanView(r),
    userId: Number(r.user_id),
    username: r.username,
    kycStatus: r.kyc_status ?? 'none',
    signatureFileId: r.signature_id,
  };
}

/**
 * Staff's review of applications through the review desk: an approval pays the amount out of
 * the lending account in the decision's transaction (a short account refuses it: 10206); a
 * rejection gives a reason from the catalogue.
 */
export class LoanReview {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly reviews: ReviewDesk,
    private readonly notices: Notices,
    private readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  async queue(q: { status: LoanStatus; page: number; size: number }) {
    const order = q.status === 'pending' ? 'l.applied_at, l.id' : 'l.id desc';
    const rows = await this.db.query<QueueRow>(
      `select ${QUEUE_COLUMNS} where l.status = $1 order by ${order} limit $2 offset $3`,
      [q.status, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from loans where status = $1',
      [q.status],
    );
    return { list: rows.map(queueItem), total: count?.n ?? 0 };
  }

  claim(staff: Staff, id: number) {
    return this.reviews.claim(staff, this.reviewCase, id);
  }

  decide(staff: Staff, body: DecisionBody) {
    return withLoanCodes(() => this.reviews.decide(staff, this.reviewCase, body));
  }

  private readonly reviewCase: ReviewCase<QueueRow, ReturnType<typeof queueItem>> = {
    kind: 'loans.application',
    rejectReasons: LOAN_REJECT_REASONS,
    lockPending: async (tx, id) => {
      const [row] = await tx.query<QueueRow>(
        `select ${QUEUE_COLUMNS} where l.id = $1 for no key update of l`,
        [id],
      );
      if (row === undefined) return 'absent';
      return row.status === 'pending' ? row : 'decided';
    },
    apply: async (tx, pending, decided, staff) => {
      const approved = decided.decision === 'approve';
      if (approved) await this.payOut(tx, pending);
      const today = localDate(this.now(), this.timeZone);
      await tx.query(
        `update loans set status = $2, reason_code = $3, note = $4, decided_at = $5, decided_by = $6,
                first_day = $7, due_day = $8
          where id = $1 and status = 'pending'`,
        [
          pending.id,
          approved ? 'repaying' : 'rejected',
          approved ? null : decided.reasonCode,
          decided.note === '' ? null : decided.note,
          new Date(this.now()),
          staff.id,
          approved ? addDays(today, 1) : null,
          approved ? addDays(today, pending.term_days) : null,
        ],
      );
      await this.notices.raise(tx, Number(pending.user_id), {
        kind: 'loans.decided',
        loanId: Number(pending.id),
        approved,
        amount: trimDecimal(pending.amount),
        reasonCode: approved ? null : decided.reasonCode,
      });
      const row = await this.row(tx, Number(pending.id));
      return {
        result: queueItem(row),
        audit: {
          target: `loan:${pending.id}`,
          before: { status: 'pending' },
          after: { status: row.status, userId: Number(row.user_id), amount: row.amount },
        },
      };
    },
  };

  /** The amount from the lending account to the person: paid out, never created. */
  private async payOut(tx: Tx, loan: QueueRow): Promise<void> {
    await this.ledger.post(tx, {
      key: loansKey.payout(Number(loan.id)),
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: LENDING },
          to: { user: Number(loan.user_id), purpose: 'available' },
          amount: toUnits(loan.amount, USDT_SCALE),
          kind: 'loan_payout',
          reference: `loan:${loan.id}`,
        },
      ],
    });
  }

  private async row(q: Queryable, id: number): Promise<QueueRow> {
    const [row] = await q.query<QueueRow>(`select ${QUEUE_COLUMNS} where l.id = $1`, [id]);
    assert(row !== undefined, () => `loan ${id} vanished`);
    return row;
  }
}
