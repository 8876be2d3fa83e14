import type { Staff } from '../../../contract/admin/schemas.ts';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import {
  type Asset,
  type ChainCheck,
  type Deposit,
  type DepositAddress,
  type DepositBody,
  type FundingStatus,
} from '../../../contract/funds/schemas.ts';
import type { Network } from '../../../contract/funds/addresses.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { DEPOSIT_REJECT_REASONS } from '../../../contract/funds/review-reasons.ts';
import type { DecisionBody } from '../../../contract/review.ts';
import type { ReviewCase, ReviewDesk } from '../platform/review/review-desk.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { NATIVE_TRANSFER } from '../platform/chain/payment-check.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import { trimDecimal, unitsOf } from '../money/amounts.ts';
import type { ChainDeposits } from './chain-deposits.ts';
import { priorCredits, type CreditedTransfers } from './chain-credits.ts';
import { creditDeposit } from './deposit-credit.ts';
import type { DepositAddresses } from './deposit-addresses.ts';
import { canonicalAddress } from './deposit-keys.ts';
import type { FundingNetworks } from './funding-networks.ts';
import { isUniqueViolation, withLedgerCodes } from './ledger-errors.ts';
import type { DepositProofs } from './proofs.ts';
import { replayOf, requestHash } from '../platform/request-replay.ts';

interface DepositRow {
  id: number;
  user_id: number;
  username?: string;
  request_key: string;
  body_hash: string | null;
  asset: Asset;
  network: Network;
  amount: string;
  tx_hash: string;
  last6: string | null;
  proof_id: string | null;
  status: FundingStatus;
  reason: string | null;
  reason_code: string | null;
  created_at: Date;
  reviewed_at: Date | null;
  chain_check: ChainCheck;
  confirmations: number | null;
  confirmations_required: number | null;
  check_code: number | null;
  chain_amount: string | null;
  from_address: string | null;
  deposit_address: string;
  source: 'declared' | 'found';
}

const COLUMNS = `d.id, d.user_id, d.request_key, d.body_hash, d.asset, d.network, d.amount::text, d.tx_hash,
  d.last6, d.proof_id, d.status, d.reason, d.created_at, d.reviewed_at, d.chain_check,
  d.confirmations, d.confirmations_required, d.check_code, d.chain_amount::text, d.from_address,
  d.deposit_address, d.source, d.reason_code`;

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
    reasonCode: r.reason_code,
    createdAt: new Date(r.created_at).toISOString(),
    reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at).toISOString(),
    chainCheck: r.chain_check,
    confirmations: r.confirmations,
    confirmationsRequired: r.confirmations_required,
    checkCode: r.check_code,
    chainAmount: r.chain_amount === null ? null : trimDecimal(r.chain_amount),
    fromAddress: r.from_address,
    depositAddress: r.deposit_address,
    source: r.source,
  };
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
    private readonly proofs: DepositProofs,
    private readonly addresses: DepositAddresses,
    private readonly notices: Notices,
    private readonly desk: ReviewDesk,
    private readonly chain?: ChainDeposits,
  ) {}

  /** Where this person pays `asset` on `network`: their own address, or the shared one. */
  async address(
    userId: number,
    book: Book,
    q: { asset: Asset; network: Network },
  ): Promise<DepositAddress> {
    if (book !== 'real') throw new AppError(Code.realBookOnly);
    const option = await this.networks.forDeposit(q.asset, q.network);
    const personal = option.deposit === 'personal';
    const address = personal
      ? await this.addresses.addressOf(userId, q.network)
      : (option.depositAddress ?? '');
    if (address === '')
      throw new Error(`shared deposit option ${q.asset}:${q.network} has no address`);
    return { asset: q.asset, network: q.network, address, personal };
  }

  async create(userId: number, book: Book, body: DepositBody): Promise<Deposit> {
    if (book !== 'real') throw new AppError(Code.realBookOnly);
    const option = await this.networks.forDeposit(body.asset, body.network);
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
    // The payment must have gone to this person's own address (or the shared one): a hash
    // that paid someone else's address fails its check and credits nothing.
    const recipient = canonicalAddress(
      body.network,
      (await this.address(userId, book, body)).address,
    );
    const hash = requestHash(book, body);
    const attempt = () =>
      this.db.transaction(async (tx) => {
        const existing = await this.byKey(tx, userId, body.key);
        const replayed = replayOf(existing, hash);
        if (replayed !== undefined) return replayed;
        const claim = await this.claimOf(tx, userId, txHash, body.asset);
        // Found at the person's address already: declaring it only asked for what is under way.
        if (claim?.source === 'found') return claim;
        if (claim !== undefined) throw new AppError(Code.txHashUsed, { field: 'txHash' });
        // Credited already: at this address where the chain shows where a payment went; where
        // only staff read it (proof review), to anyone, since they cannot tell outputs apart.
        const [credited] = await tx.query(
          `select 1 from deposits where tx_hash = $1 and asset = $3 and status = 'approved'
              and ($4 or lower(deposit_address) = lower($2))`,
          [txHash, recipient, body.asset, !onChain],
        );
        if (credited !== undefined) throw new AppError(Code.txHashUsed, { field: 'txHash' });
        if (
          body.proofId !== undefined &&
          !(await this.proofs.isUnusedOf(tx, body.proofId, userId))
        ) {
          throw new AppError(Code.proofRequired, { field: 'proofId' });
        }
        const [row] = await tx.query<DepositRow>(
          `insert into deposits as d (user_id, request_key, asset, network, amount, tx_hash, last6,
             proof_id, chain_check, confirmations_required, check_until, deposit_address, body_hash)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(mins => $11), $12,
             $13)
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
            recipient,
            hash,
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
      const twin = replayOf(await this.byKey(this.db, userId, body.key), hash);
      if (twin !== undefined) return toDeposit(twin);
      if (isUniqueViolation(err, 'deposits_one_claim')) {
        // The chain sweep recorded the same payment for this person meanwhile.
        const claim = await this.claimOf(this.db, userId, txHash, body.asset);
        if (claim?.source === 'found') return toDeposit(claim);
        throw new AppError(Code.txHashUsed, { field: 'txHash' });
      }
      if (isUniqueViolation(err, 'proof_id')) {
        throw new AppError(Code.proofRequired, { field: 'proofId' });
      }
      throw err;
    }
  }

  /** The person's deposit of `asset` by transaction `txHash`, if any (one claim each). */
  private async claimOf(
    q: Queryable,
    userId: number,
    txHash: string,
    asset: Asset,
  ): Promise<DepositRow | undefined> {
    const [row] = await q.query<DepositRow>(
      `select ${COLUMNS} from deposits d where d.user_id = $1 and d.tx_hash = $2 and d.asset = $3`,
      [userId, txHash, asset],
    );
    return row;
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

  /**
   * Staff queue: deposits of one status, oldest first, with who sent them, the proof, and who
   * was already credited from the same payment (an approval of such a claim is refused).
   */
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
    const credited = await priorCredits(
      this.db,
      rows.map((r) => Number(r.id)),
    );
    return {
      list: rows.map((r) => ({
        ...toDeposit(r),
        userId: Number(r.user_id),
        username: r.username ?? '',
        proofId: r.proof_id,
        credited: credited.get(Number(r.id)) ?? [],
      })),
      total: count?.n ?? 0,
    };
  }

  /**
   * Approves (credits the person's real available balance from external deposits) or rejects
   * (with the reason they will see) a pending deposit, through the review desk: the claim, the
   * status change, the ledger move, the notice and the audit entry commit together, once. An
   * approval of a payment whose chain transfer was credited already, to anyone, answers 10130
   * and moves nothing.
   */
  review(staff: Staff, body: DecisionBody): Promise<Deposit> {
    return withLedgerCodes(() => this.desk.decide(staff, this.reviewCase, body));
  }

  /** Claims the pending deposit for `staff` (another reviewer's live claim: 10191). */
  claim(staff: Staff, id: number) {
    return this.desk.claim(staff, this.reviewCase, id);
  }

  /** The deposit as the review desk decides it (platform/review). */
  readonly reviewCase: ReviewCase<DepositRow, Deposit, CreditedTransfers | null> = {
    kind: 'funds.deposit',
    rejectReasons: DEPOSIT_REJECT_REASONS,
    // Read before the transaction: the chain is no part of it.
    prepare: (id, decided) =>
      decided.decision === 'approve' ? this.transfersOf(id) : Promise.resolve(null),
    lockPending: async (tx, id) => {
      const [row] = await tx.query<DepositRow>(
        `select ${COLUMNS} from deposits d where d.id = $1 for no key update`,
        [id],
      );
      if (row === undefined) return 'absent';
      return row.status === 'pending' ? row : 'decided';
    },
    apply: async (tx, pending, decided, staff, transfers) => {
      const status = decided.decision === 'approve' ? 'approved' : 'rejected';
      const [row] = await tx.query<DepositRow>(
        `update deposits d set status = $2, reason = $3, reason_code = $4, reviewed_by = $5,
                reviewed_at = now()
          where d.id = $1 and d.status = 'pending' returning ${COLUMNS}`,
        [
          pending.id,
          status,
          decided.note === '' ? null : decided.note,
          decided.reasonCode,
          staff.id,
        ],
      );
      assert(row !== undefined, () => `deposit ${pending.id} left pending under its lock`);
      // Where the chain showed another amount than declared, what arrived is what is credited.
      const credited = row.chain_amount ?? row.amount;
      const userId = Number(row.user_id);
      if (status === 'approved') {
        assert(transfers !== null, () => `deposit ${row.id}: approved without its transfers`);
        const deposit = { id: Number(row.id), userId, asset: row.asset, amount: credited };
        await creditDeposit(this.ledger, this.notices, tx, deposit, transfers);
      } else {
        await this.notices.raise(tx, userId, {
          kind: 'funds.deposit-decided',
          depositId: Number(row.id),
          approved: false,
          amount: trimDecimal(row.amount),
          asset: row.asset,
          reasonCode: decided.reasonCode,
          reason: decided.note === '' ? null : decided.note,
        });
      }
      const after = { status, asset: row.asset, amount: trimDecimal(credited), userId };
      return {
        result: toDeposit(row),
        audit: { target: `deposit:${row.id}`, before: { status: 'pending' }, after },
      };
    },
  };

  /**
   * The chain transfers approving deposit `id` would credit (CreditedTransfers): read from the
   * chain where it verifies the coin; ETH's is the transaction's value; elsewhere unknown.
   * Null when there is no such deposit waiting (the transaction then answers it).
   */
  private async transfersOf(id: number): Promise<CreditedTransfers | null> {
    const [d] = await this.db.query<
      Pick<DepositRow, 'asset' | 'network' | 'tx_hash' | 'deposit_address' | 'status'>
    >('select asset, network, tx_hash, deposit_address, status from deposits where id = $1', [id]);
    if (d === undefined || d.status !== 'pending') return null;
    const of = { chain: d.network, txHash: d.tx_hash, asset: d.asset };
    if (d.asset === 'ETH') return { ...of, logIndexes: [NATIVE_TRANSFER] };
    if (this.chain === undefined || this.chain.onChainOf(d.asset, d.network) === null) {
      return { ...of, logIndexes: null };
    }
    try {
      const logs = await this.chain.transfersOf({
        asset: d.asset,
        txHash: d.tx_hash,
        depositAddress: d.deposit_address,
      });
      return { ...of, logIndexes: logs };
    } catch (err) {
      // Unread, the transfers could be credited twice: staff try again once the node answers.
      console.error(`deposit ${id}: chain read for review failed:`, (err as Error).message);
      throw new AppError(Code.busy, { retryAfterSeconds: 5 }, 503);
    }
  }
}
