import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import {
  imagesFor,
  KYC_LIMITS,
  KYC_REJECT_REASONS,
  type IdentificationBody,
  type KycDecisionBody,
  type KycState,
  type KycStatus,
} from '../../../contract/kyc/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Database, Tx } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { firstOfTwins, replayOf, requestHash } from '../platform/request-replay.ts';
import type { ReviewCase, ReviewDesk } from '../platform/review/review-desk.ts';
import { kycDocumentKind, kycSignatureKind } from './files.ts';
import { toItem, type SubmissionRow, COLUMNS } from './rows.ts';

/** The platform's parameters as identity verification reads them (docs/kyc.md, levels). */
export interface KycParams {
  get(
    key: 'kyc_loan_max_verified' | 'kyc_withdraw_daily_max_unverified' | 'kyc_retention_days',
  ): Promise<string>;
}

const HOUR_MS = 3_600_000;
const YEAR_MS = 365.25 * 24 * HOUR_MS;

/** A real calendar date, and an age between the bounds at `now`. */
function ageOk(birthdate: string, now: number): boolean {
  const at = Date.parse(`${birthdate}T00:00:00Z`);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== birthdate) return false;
  const years = (now - at) / YEAR_MS;
  return years >= KYC_LIMITS.ageMin && years <= KYC_LIMITS.ageMax;
}

/**
 * Identity verification (SPEC §1-§5): a person submits their data and images (files kernel),
 * one submission waits at a time, staff decide it through the review queue (per part, with
 * reasons), and the person is told (notification centre). The status is the latest
 * submission's.
 */
export class Kyc {
  constructor(
    private readonly db: Database,
    private readonly files: Files,
    private readonly reviews: ReviewDesk,
    private readonly notices: Notices,
    private readonly params: KycParams,
    private readonly now: () => number = Date.now,
  ) {}

  async submit(userId: number, body: IdentificationBody): Promise<{ id: number }> {
    if (!ageOk(body.personal.birthdate, this.now())) {
      throw new AppError(Code.verificationIncomplete, { field: 'personal' });
    }
    const hash = requestHash('real', body);
    const { value } = await firstOfTwins(
      () => this.db.transaction((tx) => this.insert(tx, userId, body, hash)),
      async () => replayOf(await this.byKey(userId, body.key), hash),
    );
    return { id: Number(value.id) };
  }

  private async insert(tx: Tx, userId: number, body: IdentificationBody, hash: string) {
    // The person's row first: a replay read after it sees what a twin (same person, same key)
    // committed meanwhile, and answers it rather than "a submission is pending".
    const latest = await this.latestStatus(tx, userId, true);
    const replayed = replayOf(await this.byKey(userId, body.key, tx), hash);
    if (replayed !== undefined) return replayed;
    if (latest === 'pending') throw new AppError(Code.verificationPending);
    if (latest === 'verified') throw new AppError(Code.authStatusWrong);
    await this.assertFiles(tx, userId, body);
    const f = body.files;
    const [row] = await tx.query<SubmissionRow>(
      `insert into kyc_submissions as k (user_id, request_key, body_hash, status, personal, doc_type,
         front_id, back_id, selfie_id, signature_id)
       values ($1, $2, $3, 'pending', $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
      [
        userId,
        body.key,
        hash,
        JSON.stringify(body.personal),
        body.docType,
        f.front,
        f.back ?? null,
        f.selfie,
        f.signature,
      ],
    );
    assert(row !== undefined, 'a submission insert returned no row');
    return row;
  }

  /** Each image the document type needs, and no other, uploaded by this person as its kind. */
  private async assertFiles(tx: Tx, userId: number, body: IdentificationBody): Promise<void> {
    const needed = imagesFor(body.docType);
    const f = body.files;
    const complete =
      needed.every((p) => f[p] !== undefined) && (needed.includes('back') || f.back === undefined);
    const photos = [f.front, f.back, f.selfie].filter((id): id is string => id !== undefined);
    const owned =
      complete &&
      (await this.files.allOwned(tx, userId, kycDocumentKind.kind, photos)) &&
      (await this.files.allOwned(tx, userId, kycSignatureKind.kind, [f.signature]));
    if (!owned) throw new AppError(Code.verificationIncomplete, { field: 'files' });
  }

  private async byKey(userId: number, key: string, tx: Tx | Database = this.db) {
    const [row] = await tx.query<SubmissionRow>(
      `select ${COLUMNS} from kyc_submissions k where k.user_id = $1 and k.request_key = $2`,
      [userId, key],
    );
    return row;
  }

  /** The latest submission's status; with `lock`, the person's row is locked first. */
  private async latestStatus(tx: Tx | Database, userId: number, lock = false) {
    if (lock) await tx.query('select 1 from users where id = $1 for no key update', [userId]);
    const [row] = await tx.query<{ status: Exclude<KycStatus, 'none'> }>(
      'select status from kyc_submissions where user_id = $1 order by id desc limit 1',
      [userId],
    );
    return row?.status ?? 'none';
  }

  /** Whether the person is verified (what their level allows follows from it). */
  async verified(userId: number): Promise<boolean> {
    return (await this.latestStatus(this.db, userId)) === 'verified';
  }

  /**
   * The name the person's verified submission gave (a loan agreement names its borrower), null
   * when none is verified. Read on its own: an agreement needs the name, not the whole state.
   */
  async legalName(userId: number): Promise<{ firstName: string; lastName: string } | null> {
    const [row] = await this.db.query<{ first: string | null; last: string | null }>(
      `select personal ->> 'firstName' as first, personal ->> 'lastName' as last
         from kyc_submissions where user_id = $1 and status = 'verified' order by id desc limit 1`,
      [userId],
    );
    if (row?.first == null || row.last == null) return null;
    return { firstName: row.first, lastName: row.last };
  }

  /** The person's verification status (none, pending, verified, rejected). */
  async status(userId: number): Promise<KycStatus> {
    return this.latestStatus(this.db, userId);
  }

  async state(userId: number): Promise<KycState> {
    const [row] = await this.db.query<SubmissionRow>(
      `select ${COLUMNS} from kyc_submissions k where k.user_id = $1 order by k.id desc limit 1`,
      [userId],
    );
    const status: KycStatus = row?.status ?? 'none';
    const item = row === undefined ? null : toItem(row);
    const verified = status === 'verified';
    const limit = async (key: Parameters<KycParams['get']>[0]) => {
      const v = await this.params.get(key);
      return v === '' ? null : v;
    };
    return {
      status,
      submission:
        item === null
          ? null
          : {
              id: item.id,
              submittedAt: item.submittedAt,
              decidedAt: item.decidedAt,
              personal: item.personal,
              docType: item.docType,
              files: item.files,
              rejected: item.rejected,
              note: item.note,
            },
      reviewBy:
        status === 'pending' && item !== null
          ? new Date(Date.parse(item.submittedAt) + KYC_LIMITS.reviewHours * HOUR_MS).toISOString()
          : null,
      expectedWait: status === 'pending' ? await this.waits() : null,
      limits: {
        // Borrowing needs verified identity (decision 58): nothing before.
        loanMax: verified ? await limit('kyc_loan_max_verified') : '0',
        withdrawDailyMax: verified ? null : await limit('kyc_withdraw_daily_max_unverified'),
      },
      // The person learns which role looked and when, not the reviewer's name.
      views: (await this.files.viewsOf(userId)).map((v) => ({ ...v, staffUsername: null })),
    };
  }

  /** Median and 90th percentile of the last 30 days' waits, in hours (null: none decided). */
  async waits(): Promise<{ medianHours: number; p90Hours: number } | null> {
    const [row] = await this.db.query<{ median: number | null; p90: number | null }>(
      `select percentile_cont(0.5) within group (order by w) as median,
              percentile_cont(0.9) within group (order by w) as p90
         from (select extract(epoch from decided_at - submitted_at) / 3600 as w
                 from kyc_submissions
                where decided_at is not null and decided_at > $1) d`,
      [new Date(this.now() - 30 * 24 * HOUR_MS)],
    );
    if (row?.median === null || row?.median === undefined) return null;
    const round = (h: number) => Math.round(Number(h) * 10) / 10;
    return { medianHours: round(row.median), p90Hours: round(row.p90 ?? row.median) };
  }

  claim(staff: Staff, id: number) {
    return this.reviews.claim(staff, this.reviewCase([]), id);
  }

  /** Approves, or rejects the named parts with their reasons, through the review queue. */
  review(staff: Staff, body: KycDecisionBody) {
    // "Other" on any part needs the note to say why: the desk checks it on the code it gets.
    const other = body.rejected.find((r) => r.reasonCode === 'other');
    return this.reviews.decide(staff, this.reviewCase(body.rejected), {
      id: body.id,
      decision: body.decision,
      reasonCode: (other ?? body.rejected[0])?.reasonCode,
      reason: body.reason,
    });
  }

  /** The submission as the review desk decides it; `rejected` names the parts and reasons. */
  private reviewCase(
    rejected: KycDecisionBody['rejected'],
  ): ReviewCase<SubmissionRow, ReturnType<typeof toItem>> {
    return {
      kind: 'kyc.submission',
      rejectReasons: KYC_REJECT_REASONS,
      lockPending: async (tx, id) => {
        const [row] = await tx.query<SubmissionRow>(
          `select ${COLUMNS} from kyc_submissions k where k.id = $1 for no key update`,
          [id],
        );
        if (row === undefined) return 'absent';
        return row.status === 'pending' ? row : 'decided';
      },
      apply: async (tx, pending, decided, staff) => {
        const status = decided.decision === 'approve' ? 'verified' : 'rejected';
        const [row] = await tx.query<SubmissionRow>(
          `update kyc_submissions k set status = $2, rejected = $3, note = $4, decided_at = now(),
                  decided_by = $5
            where k.id = $1 and k.status = 'pending' returning ${COLUMNS}`,
          [
            pending.id,
            status,
            JSON.stringify(rejected),
            decided.note === '' ? null : decided.note,
            staff.id,
          ],
        );
        assert(row !== undefined, () => `submission ${pending.id} left pending under its lock`);
        await this.notices.raise(tx, Number(row.user_id), {
          kind: 'kyc.decided',
          submissionId: Number(row.id),
          approved: status === 'verified',
          rejectedParts: rejected.map((r) => r.part),
        });
        return {
          result: toItem(row),
          audit: {
            target: `kyc:${row.id}`,
            before: { status: 'pending' },
            after: { status, userId: Number(row.user_id), rejected },
          },
        };
      },
    };
  }
}
