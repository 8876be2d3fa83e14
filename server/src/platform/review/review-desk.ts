import type { Staff } from '../../../../contract/admin/schemas.ts';
import { Code } from '../../../../contract/errors.ts';
import { REVIEW_LIMITS, type DecisionBody } from '../../../../contract/review.ts';
import type { AuditLog, AuditRecord } from '../../audit/audit-log.ts';
import { AppError } from '../../errors.ts';
import type { Tx } from '../db/database.ts';

/** A decision as a case applies it: the reason code checked against the catalogue. */
export interface Decided {
  id: number;
  decision: 'approve' | 'reject';
  /** From the case's catalogue; null on an approval without one. */
  reasonCode: string | null;
  note: string;
}

/**
 * What a capability reviews (a deposit, a withdrawal, an identity): how its pending row is
 * locked, and what a decision does, inside the desk's one transaction.
 */
export interface ReviewCase<Row, Result, Prepared = undefined> {
  /** '<capability>.<what>': the claims' and the audit's name for it. */
  readonly kind: string;
  /** Reason codes a rejection may give (each worded in ten languages by the app). */
  readonly rejectReasons: readonly string[];
  /** Work outside the transaction, once, before it (a chain read). */
  prepare?(id: number, decided: Decided): Promise<Prepared>;
  /** The pending row, locked; `absent` or `decided` otherwise. */
  lockPending(tx: Tx, id: number): Promise<Row | 'absent' | 'decided'>;
  /** The decision's effects (status, ledger, notice) and what the audit records of it. */
  apply(
    tx: Tx,
    row: Row,
    decided: Decided,
    staff: Staff,
    prepared: Prepared,
  ): Promise<{ result: Result; audit: Pick<AuditRecord, 'target' | 'before' | 'after'> }>;
}

/**
 * The review queue's one flow for every staff decision (docs/review.md): a reviewer claims a
 * row (another's live claim answers 10191), then decides with a reason code and a note; the
 * claim check, the row's lock, the decision's effects and the audit entry commit together.
 */
export class ReviewDesk {
  constructor(
    private readonly atomically: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
    private readonly audit: AuditLog,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes (or renews) the claim on a pending row; another reviewer's live claim answers 10191,
   * a row that is not pending 10131 (or not found).
   */
  async claim<Row, Result, Prepared>(
    staff: Staff,
    c: ReviewCase<Row, Result, Prepared>,
    id: number,
  ): Promise<{ id: number; until: string }> {
    const until = new Date(this.now() + REVIEW_LIMITS.claimMinutes * 60_000);
    return this.atomically(async (tx) => {
      await this.pending(tx, c, id);
      const rows = await tx.query<{ staff_id: number }>(
        `insert into review_claims (kind, subject_id, staff_id, until) values ($1, $2, $3, $4)
         on conflict (kind, subject_id) do update set staff_id = $3, until = $4
           where review_claims.staff_id = $3 or review_claims.until < $5
         returning staff_id`,
        [c.kind, id, staff.id, until, new Date(this.now())],
      );
      if (rows.length === 0) throw new AppError(Code.reviewClaimed, { field: 'id' });
      return { id, until: until.toISOString() };
    });
  }

  private async pending<Row, Result, Prepared>(
    tx: Tx,
    c: ReviewCase<Row, Result, Prepared>,
    id: number,
  ): Promise<Row> {
    const row = await c.lockPending(tx, id);
    if (row === 'absent') throw new AppError(Code.notFound, { field: 'id' });
    if (row === 'decided') throw new AppError(Code.alreadyReviewed, { field: 'id' });
    return row;
  }

  async decide<Row, Result, Prepared>(
    staff: Staff,
    c: ReviewCase<Row, Result, Prepared>,
    body: DecisionBody,
  ): Promise<Result> {
    const decided = this.checked(c, body);
    const prepared = (await c.prepare?.(body.id, decided)) as Prepared;
    return this.atomically(async (tx) => {
      await this.assertNotClaimedByOther(tx, staff, c.kind, body.id);
      const row = await this.pending(tx, c, body.id);
      const { result, audit } = await c.apply(tx, row, decided, staff, prepared);
      const why = [decided.reasonCode, decided.note].filter((p) => p !== null && p !== '');
      await this.audit.append(tx, staff, {
        action: `${c.kind}.${decided.decision}`,
        ...audit,
        reason: why.length === 0 ? undefined : why.join(': '),
      });
      await tx.query('delete from review_claims where kind = $1 and subject_id = $2', [
        c.kind,
        body.id,
      ]);
      return result;
    });
  }

  private checked<Row, Result, Prepared>(
    c: ReviewCase<Row, Result, Prepared>,
    body: DecisionBody,
  ): Decided {
    // PostgreSQL text cannot hold NUL: refuse it here, or the write fails with a 5xx.
    if (body.reason.includes('\u0000'))
      throw new AppError(Code.reasonRequired, { field: 'reason' });
    const code = body.reasonCode ?? (body.decision === 'reject' ? 'other' : null);
    if (body.decision === 'reject' && code !== null && !c.rejectReasons.includes(code)) {
      throw new AppError(Code.reasonRequired, { field: 'reasonCode' });
    }
    if (body.decision === 'approve' && body.reasonCode !== undefined) {
      throw new AppError(Code.reasonRequired, { field: 'reasonCode' });
    }
    return { id: body.id, decision: body.decision, reasonCode: code, note: body.reason };
  }

  /** Deciding takes an unclaimed row at once; one another reviewer holds is theirs. */
  private async assertNotClaimedByOther(tx: Tx, staff: Staff, kind: string, id: number) {
    const [claim] = await tx.query<{ staff_id: number }>(
      `select staff_id from review_claims
        where kind = $1 and subject_id = $2 and until > $3 and staff_id <> $4`,
      [kind, id, new Date(this.now()), staff.id],
    );
    if (claim !== undefined) throw new AppError(Code.reviewClaimed, { field: 'id' });
  }
}
