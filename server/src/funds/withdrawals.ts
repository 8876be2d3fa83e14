import type { Staff } from '../../../contract/admin/schemas.ts';
import type { Network } from '../../../contract/funds/addresses.ts';
import type { SecondFactor } from '../../../contract/security/schemas.ts';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import {
  ASSET_SCALE,
  type Asset,
  type FundingStatus,
  type Withdrawal,
  type WithdrawalBody,
  withdrawalFee,
} from '../../../contract/funds/schemas.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { WITHDRAWAL_REJECT_REASONS } from '../../../contract/funds/review-reasons.ts';
import type { DecisionBody } from '../../../contract/review.ts';
import type { ReviewCase, ReviewDesk } from '../platform/review/review-desk.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import { showUnits, trimDecimal, unitsOf } from '../money/amounts.ts';
import type { FundingNetworks } from './funding-networks.ts';
import type { WithdrawalCap } from './withdrawal-cap.ts';
import { isUniqueViolation, withLedgerCodes } from './ledger-errors.ts';
import type { TransferKind } from '../money/transfers.ts';
import { fundsKey } from './transfers.ts';
import { replayOf, requestHash } from '../platform/request-replay.ts';

interface WithdrawalRow {
  id: number;
  user_id: number;
  username?: string;
  request_key: string;
  body_hash: string | null;
  asset: Asset;
  method: 'crypto' | 'bank';
  network: Network | null;
  address: string | null;
  bank_name: string | null;
  bank_address: string | null;
  account_name: string | null;
  iban: string | null;
  amount: string;
  fee: string;
  fee_rate: string;
  hold_id: number;
  status: FundingStatus;
  reason: string | null;
  reason_code: string | null;
  created_at: Date;
  reviewed_at: Date | null;
}

const COLUMNS = `w.id, w.user_id, w.request_key, w.body_hash, w.asset, w.method, w.network, w.address, w.bank_name,
  w.bank_address, w.account_name, w.iban, w.amount::text, w.fee::text, w.fee_rate::text, w.hold_id,
  w.status, w.reason, w.reason_code, w.created_at, w.reviewed_at`;

function units(r: WithdrawalRow): { amount: bigint; fee: bigint } {
  const scale = ASSET_SCALE[r.asset];
  return { amount: toUnits(r.amount, scale), fee: toUnits(r.fee, scale) };
}

function toWithdrawal(r: WithdrawalRow): Withdrawal {
  const { amount, fee } = units(r);
  return {
    id: Number(r.id),
    asset: r.asset,
    method: r.method,
    network: r.network,
    address: r.address,
    bankName: r.bank_name,
    bankAddress: r.bank_address,
    accountName: r.account_name,
    iban: r.iban,
    amount: showUnits(amount, r.asset),
    fee: showUnits(fee, r.asset),
    received: showUnits(amount - fee, r.asset),
    feeRate: trimDecimal(r.fee_rate),
    status: r.status,
    reason: r.reason,
    reasonCode: r.reason_code,
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
  };
}

function destination(body: WithdrawalBody) {
  return body.method === 'crypto'
    ? {
        network: body.network,
        address: body.address,
        bankName: null,
        bankAddress: null,
        accountName: null,
        iban: null,
      }
    : {
        network: null,
        address: null,
        bankName: body.bankName,
        bankAddress: body.bankAddress,
        accountName: body.accountName,
        iban: body.iban,
      };
}

/** The platform's parameters as withdrawals read them: the fee rate, the unverified cap. */
export interface FeeParams {
  get(key: 'withdraw_fee_rate' | 'kyc_withdraw_daily_max_unverified'): Promise<string>;
}

/**
 * Withdrawals from the real book. The amount is held the moment the request is made (so it
 * cannot be spent twice), released on rejection, and on approval paid out: the amount less
 * the fee to withdrawals in flight, the fee to the fee account.
 */
/**
 * What a withdrawal must pass before anything is held (the security capability's): no hold after
 * a security change, and the person's second factor when they have one.
 */
export interface WithdrawalGuard {
  check(userId: number, proof: SecondFactor | undefined): Promise<void>;
}

export class Withdrawals {
  constructor(
    private readonly ledger: Ledger,
    private readonly db: Queryable,
    private readonly networks: FundingNetworks,
    private readonly params: FeeParams,
    private readonly notices: Notices,
    private readonly desk: ReviewDesk,
    private readonly cap: WithdrawalCap,
    private readonly guard: WithdrawalGuard,
  ) {}

  /** The published fee rate, in percent (SPEC §9). */
  feeRate(): Promise<string> {
    return this.params.get('withdraw_fee_rate');
  }

  async create(userId: number, book: Book, input: WithdrawalBody): Promise<Withdrawal> {
    if (book !== 'real') throw new AppError(Code.realBookOnly);
    // The code proves the person, it is not part of the request: a retry with a fresh code
    // replays the same withdrawal.
    const { secondFactor, ...body } = input;
    const option =
      body.method === 'crypto'
        ? await this.networks.get(body.asset, body.network)
        : await this.networks.bankOption(body.asset);
    const amount = unitsOf(body.amount, body.asset);
    if (amount < toUnits(option.minWithdrawal, option.scale)) {
      throw new AppError(Code.belowMinimumWithdrawal, {
        field: 'amount',
        name: body.asset,
        limit: option.minWithdrawal,
      });
    }
    const feeRate = await this.feeRate();
    const fee = withdrawalFee(amount, feeRate);
    if (fee >= amount) throw new AppError(Code.amountInvalid, { field: 'amount' });
    const d = destination(body);
    // PostgreSQL text cannot hold NUL: refuse it here, or the insert fails with a 5xx.
    for (const field of ['bankName', 'bankAddress', 'accountName'] as const) {
      if (d[field]?.includes('\u0000')) throw new AppError(Code.bankDetailsMissing, { field });
    }
    const hash = requestHash(book, body);
    const replayed = replayOf(await this.byKey(this.db, userId, body.key), hash);
    if (replayed !== undefined) return toWithdrawal(replayed);
    await this.guard.check(userId, secondFactor);
    const cap = await this.cap.of(userId);
    const attempt = () =>
      this.ledger.atomically(async (tx) => {
        const replayed = replayOf(await this.byKey(tx, userId, body.key), hash);
        if (replayed !== undefined) return replayed;
        if (cap !== null) await this.cap.check(tx, userId, cap, body.asset, amount);
        const { holdId } = await this.ledger.holdIn(tx, {
          key: fundsKey.withdrawalHold(userId, body.key),
          user: userId,
          asset: body.asset,
          book: 'real',
          amount,
          kind: 'withdrawal_hold' satisfies TransferKind,
          reference: `withdrawal-request:${body.key}`,
        });
        const [row] = await tx.query<WithdrawalRow>(
          `insert into withdrawals as w (user_id, request_key, asset, method, network, address, bank_name,
             bank_address, account_name, iban, amount, fee, fee_rate, hold_id, body_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           returning ${COLUMNS}`,
          [
            userId,
            body.key,
            body.asset,
            body.method,
            d.network,
            d.address,
            d.bankName,
            d.bankAddress,
            d.accountName,
            d.iban,
            showUnits(amount, body.asset),
            showUnits(fee, body.asset),
            feeRate,
            holdId,
            hash,
          ],
        );
        if (row === undefined) throw new Error('withdrawal insert returned no row');
        return row;
      });
    return withLedgerCodes(async () => {
      try {
        return toWithdrawal(await attempt());
      } catch (err) {
        // A concurrent twin with the same key committed first. If it did so before this attempt
        // read its batch, the hold replays and the insert trips withdrawals_hold_id_key (that
        // index is checked before the key's): either way the retry finds and replays the twin.
        if (isUniqueViolation(err, 'request_key') || isUniqueViolation(err, 'hold_id')) {
          return toWithdrawal(await attempt());
        }
        throw err;
      }
    });
  }

  /** The withdrawal a person's request key made, if any. */
  private async byKey(
    q: Queryable,
    userId: number,
    key: string,
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await q.query<WithdrawalRow>(
      `select ${COLUMNS} from withdrawals w where w.user_id = $1 and w.request_key = $2`,
      [userId, key],
    );
    return row;
  }

  async list(
    userId: number,
    q: { page: number; size: number; status?: FundingStatus; asset?: Asset },
  ): Promise<{ list: Withdrawal[]; total: number }> {
    const where = `w.user_id = $1 and ($2::text is null or w.status = $2) and ($3::text is null or w.asset = $3)`;
    const args = [userId, q.status ?? null, q.asset ?? null];
    const rows = await this.db.query<WithdrawalRow>(
      `select ${COLUMNS} from withdrawals w where ${where} order by w.id desc limit $4 offset $5`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from withdrawals w where ${where}`,
      args,
    );
    return { list: rows.map(toWithdrawal), total: count?.n ?? 0 };
  }

  async queue(q: { status: FundingStatus; page: number; size: number }) {
    const rows = await this.db.query<WithdrawalRow>(
      `select ${COLUMNS}, u.username from withdrawals w join users u on u.id = w.user_id
        where w.status = $1 order by w.id limit $2 offset $3`,
      [q.status, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from withdrawals where status = $1',
      [q.status],
    );
    return {
      list: rows.map((r) => ({
        ...toWithdrawal(r),
        userId: Number(r.user_id),
        username: r.username ?? '',
      })),
      total: count?.n ?? 0,
    };
  }

  /** Approve (pay out the hold) or reject (release it, with the reason the person sees). */
  review(staff: Staff, body: DecisionBody): Promise<Withdrawal> {
    return withLedgerCodes(() => this.desk.decide(staff, this.reviewCase, body));
  }

  /** Claims the pending withdrawal for `staff` (another reviewer's live claim: 10191). */
  claim(staff: Staff, id: number) {
    return this.desk.claim(staff, this.reviewCase, id);
  }

  /** The withdrawal as the review desk decides it (platform/review). */
  readonly reviewCase: ReviewCase<WithdrawalRow, Withdrawal> = {
    kind: 'funds.withdrawal',
    rejectReasons: WITHDRAWAL_REJECT_REASONS,
    lockPending: async (tx, id) => {
      const [row] = await tx.query<WithdrawalRow>(
        `select ${COLUMNS} from withdrawals w where w.id = $1 for no key update`,
        [id],
      );
      if (row === undefined) return 'absent';
      return row.status === 'pending' ? row : 'decided';
    },
    apply: async (tx, pending, decided, staff) => {
      const status = decided.decision === 'approve' ? 'approved' : 'rejected';
      const [row] = await tx.query<WithdrawalRow>(
        `update withdrawals w set status = $2, reason = $3, reason_code = $4, reviewed_by = $5,
                reviewed_at = now()
          where w.id = $1 and w.status = 'pending' returning ${COLUMNS}`,
        [
          pending.id,
          status,
          decided.note === '' ? null : decided.note,
          decided.reasonCode,
          staff.id,
        ],
      );
      assert(row !== undefined, () => `withdrawal ${pending.id} left pending under its lock`);
      await this.settle(tx, row, decided.decision);
      const userId = Number(row.user_id);
      await this.notices.raise(tx, userId, {
        kind: 'funds.withdrawal-decided',
        withdrawalId: Number(row.id),
        approved: status === 'approved',
        amount: trimDecimal(row.amount),
        asset: row.asset,
        reasonCode: decided.reasonCode,
        reason: decided.note === '' ? null : decided.note,
      });
      const after = { status, asset: row.asset, amount: trimDecimal(row.amount), userId };
      return {
        result: toWithdrawal(row),
        audit: { target: `withdrawal:${row.id}`, before: { status: 'pending' }, after },
      };
    },
  };

  /** Approved: the hold pays the amount less the fee out, and the fee; rejected: released. */
  private async settle(tx: Tx, row: WithdrawalRow, decision: 'approve' | 'reject') {
    const { amount, fee } = units(row);
    await this.ledger.resolveHoldIn(
      tx,
      fundsKey.withdrawalReview(row.id, decision),
      Number(row.hold_id),
      decision === 'approve'
        ? {
            settle: [
              { to: 'withdrawals_in_flight', amount: amount - fee },
              { to: 'fees', amount: fee },
            ],
          }
        : { release: true },
      (decision === 'approve' ? 'withdrawal' : 'withdrawal_released') satisfies TransferKind,
    );
  }
}
