import type { Staff } from '../../../contract/admin.ts';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import {
  ASSET_SCALE,
  type Asset,
  type ChainCheck,
  type Deposit,
  type DepositBody,
  type FundingStatus,
} from '../../../contract/funds.ts';
import type { Network } from '../../../contract/addresses.ts';
import type { AuditLog } from '../admin/audit-log.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../market/decimal.ts';
import { trimDecimal, unitsOf } from './amounts.ts';
import type { ChainDeposits } from './chain-deposits.ts';
import { creditDeposit } from './deposit-credit.ts';
import type { FundingNetworks } from './funding-networks.ts';
import { isUniqueViolation, withLedgerCodes } from './ledger-errors.ts';
import type { ProofStore } from './proofs.ts';

interface DepositRow {
  id: number;
  user_id: number;
  username?: string;
  request_key: string;
  asset: Asset;
  network: Network;
  amount: string;
  tx_hash: string;
  last6: string | null;
  proof_id: string | null;
  status: FundingStatus;
  reason: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  chain_check: ChainCheck;
  confirmations: number | null;
  confirmations_required: number | null;
  check_code: number | null;
  chain_amount: string | null;
  from_address: string | null;
}

const COLUMNS = `d.id, d.user_id, d.request_key, d.asset, d.network, d.amount::text, d.tx_hash,
  d.last6, d.proof_id, d.status, d.reason, d.created_at, d.reviewed_at, d.chain_check,
  d.confirmations, d.confirmations_required, d.check_code, d.chain_amount::text, d.from_address`;

function toDeposit(r: DepositRow): Deposit {
  return {
    id: Number(r.id),
    asset: r.asset,
    network: r.network,
    amount: trimDecimal(r.amount),
    txHash: r.tx_hash,
    last6: r.last6,
    status: r.status,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
    chainCheck: r.chain_check,
    confirmations: r.confirmations,
    confirmationsRequired: r.confirmations_required,
    checkCode: r.check_code,
    chainAmount: r.chain_amount === null ? null : trimDecimal(r.chain_amount),
    fromAddress: r.from_address,
  };
}

/** Same request as the one stored under its key? (A replay returns it; anything else is 10134.) */
function sameRequest(row: DepositRow, body: DepositBody, txHash: string): boolean {
  return (
    row.asset === body.asset &&
    row.network === body.network &&
    toUnits(row.amount, ASSET_SCALE[row.asset]) === unitsOf(body.amount, body.asset) &&
    row.tx_hash === txHash &&
    row.proof_id === (body.proofId ?? null)
  );
}

/**
 * Deposits people declare. Where the configured chain verifies the network, the chain check
 * credits them (ChainDeposits); otherwise, or when that check fails, staff review them from the
 * proof. Real book only: the demo book is funded by the faucet.
 */
export class Deposits {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly networks: FundingNetworks,
    private readonly proofs: ProofStore,
    private readonly audit: AuditLog,
    private readonly chain?: ChainDeposits,
  ) {}

  async create(userId: number, book: Book, body: DepositBody): Promise<Deposit> {
    if (book !== 'real') throw new AppError(Code.realBookOnly);
    const option = await this.networks.get(body.asset, body.network);
    const units = unitsOf(body.amount, body.asset);
    if (units < toUnits(option.minDeposit, option.scale)) {
      throw new AppError(Code.belowMinimumDeposit, {
        field: 'amount',
        name: body.asset,
        limit: option.minDeposit,
      });
    }
    // Set only where the configured chain verifies this coin (FundingNetworks asks ChainDeposits).
    const onChain = option.onChain !== null;
    // Without the chain, staff have only the proof and the paying account to go on.
    if (!onChain && body.proofId === undefined) {
      throw new AppError(Code.proofRequired, { field: 'proofId' });
    }
    if (!onChain && body.last6 === undefined) {
      throw new AppError(Code.last6Wrong, { field: 'last6' });
    }
    const txHash = `0x${body.txHash.replace(/^0x/, '').toLowerCase()}`;
    const attempt = () =>
      this.db.transaction(async (tx) => {
        const existing = await this.byKey(tx, userId, body.key);
        if (existing !== undefined) {
          if (!sameRequest(existing, body, txHash)) throw new AppError(Code.requestKeyReused);
          return existing;
        }
        const [used] = await tx.query('select 1 from deposits where tx_hash = $1', [txHash]);
        if (used !== undefined) throw new AppError(Code.txHashUsed, { field: 'txHash' });
        if (
          body.proofId !== undefined &&
          !(await this.proofs.isUnusedOf(tx, body.proofId, userId))
        ) {
          throw new AppError(Code.proofRequired, { field: 'proofId' });
        }
        const [row] = await tx.query<DepositRow>(
          `insert into deposits as d (user_id, request_key, asset, network, amount, tx_hash, last6,
             proof_id, chain_check, confirmations_required, check_until)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(mins => $11))
           returning ${COLUMNS}`,
          [
            userId,
            body.key,
            body.asset,
            body.network,
            body.amount,
            txHash,
            body.last6 ?? null,
            body.proofId ?? null,
            onChain ? 'confirming' : 'none',
            onChain ? this.chain?.settings.confirmations : null,
            this.chain?.settings.confirmMinutes ?? 0,
          ],
        );
        if (row === undefined) throw new Error('deposit insert returned no row');
        return row;
      });
    try {
      return toDeposit(await this.checkedOnChain(await attempt()));
    } catch (err) {
      // A concurrent twin with the same key may have committed while this attempt ran, and then
      // tripped its hash, proof or key check (or unique index): this request is its replay.
      const twin = await this.byKey(this.db, userId, body.key);
      if (twin !== undefined) {
        if (!sameRequest(twin, body, txHash)) throw new AppError(Code.requestKeyReused);
        return toDeposit(twin);
      }
      if (isUniqueViolation(err, 'tx_hash') || isUniqueViolation(err, 'proof_id')) {
        throw new AppError(Code.txHashUsed, { field: 'txHash' });
      }
      throw err;
    }
  }

  /**
   * Reads a new deposit's transaction at once, so a payment already confirmed is credited in the
   * same request. The chain being slow or down loses nothing: the sweep reads it again.
   */
  private async checkedOnChain(row: DepositRow): Promise<DepositRow> {
    if (this.chain === undefined || row.chain_check !== 'confirming') return row;
    try {
      await this.chain.check(Number(row.id));
    } catch (err) {
      console.error(`deposit ${row.id}: chain check failed:`, (err as Error).message);
    }
    const [now] = await this.db.query<DepositRow>(
      `select ${COLUMNS} from deposits d where d.id = $1`,
      [row.id],
    );
    return now ?? row;
  }

  private async byKey(tx: Queryable, userId: number, key: string): Promise<DepositRow | undefined> {
    const [row] = await tx.query<DepositRow>(
      `select ${COLUMNS} from deposits d where d.user_id = $1 and d.request_key = $2`,
      [userId, key],
    );
    return row;
  }

  async list(
    userId: number,
    q: { page: number; size: number; status?: FundingStatus; asset?: Asset },
  ): Promise<{ list: Deposit[]; total: number }> {
    const where = `d.user_id = $1 and ($2::text is null or d.status = $2) and ($3::text is null or d.asset = $3)`;
    const args = [userId, q.status ?? null, q.asset ?? null];
    const rows = await this.db.query<DepositRow>(
      `select ${COLUMNS} from deposits d where ${where} order by d.id desc limit $4 offset $5`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from deposits d where ${where}`,
      args,
    );
    return { list: rows.map(toDeposit), total: count?.n ?? 0 };
  }

  /** Staff queue: deposits of one status, oldest first, with who sent them and the proof. */
  async queue(q: { status: FundingStatus; page: number; size: number }) {
    const rows = await this.db.query<DepositRow>(
      `select ${COLUMNS}, u.username from deposits d join users u on u.id = d.user_id
        where d.status = $1 order by d.id limit $2 offset $3`,
      [q.status, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from deposits where status = $1',
      [q.status],
    );
    return {
      list: rows.map((r) => ({
        ...toDeposit(r),
        userId: Number(r.user_id),
        username: r.username ?? '',
        proofId: r.proof_id,
      })),
      total: count?.n ?? 0,
    };
  }

  /**
   * Approves (credits the person's real available balance from external deposits) or rejects
   * (with the reason they will see) a pending deposit: the status change, the ledger move and
   * the audit entry commit together, once.
   */
  async review(
    staff: Staff,
    decision: { id: number; decision: 'approve' | 'reject'; reason: string },
  ): Promise<Deposit> {
    // PostgreSQL text cannot hold NUL: refuse it here, or the update fails with a 5xx.
    if (decision.reason.includes('\u0000')) {
      throw new AppError(Code.reasonRequired, { field: 'reason' });
    }
    return withLedgerCodes(() =>
      this.ledger.atomically(async (tx) => {
        const status = decision.decision === 'approve' ? 'approved' : 'rejected';
        const [row] = await tx.query<DepositRow>(
          `update deposits d set status = $2, reason = $3, reviewed_by = $4, reviewed_at = now()
            where d.id = $1 and d.status = 'pending' returning ${COLUMNS}`,
          [decision.id, status, decision.reason === '' ? null : decision.reason, staff.id],
        );
        if (row === undefined) {
          const [exists] = await tx.query('select 1 from deposits where id = $1', [decision.id]);
          throw new AppError(exists === undefined ? Code.notFound : Code.alreadyReviewed);
        }
        // Where the chain showed another amount than declared, what arrived is what is credited.
        const credited = row.chain_amount ?? row.amount;
        if (status === 'approved') {
          await creditDeposit(this.ledger, tx, {
            id: Number(row.id),
            userId: Number(row.user_id),
            asset: row.asset,
            amount: credited,
          });
        }
        await this.audit.append(tx, staff, {
          action: `deposit.${decision.decision}`,
          target: `deposit:${row.id}`,
          before: { status: 'pending' },
          after: {
            status,
            asset: row.asset,
            amount: trimDecimal(credited),
            userId: Number(row.user_id),
          },
          reason: decision.reason === '' ? undefined : decision.reason,
        });
        return toDeposit(row);
      }),
    );
  }
}
