import { percentOf } from '../../../contract/plans/terms.ts';
import { assert } from '../assert.ts';
import type { Ledger, TransferRequest } from '../ledger/ledger.ts';
import { USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Tx } from '../platform/db/database.ts';
import type { OnceJob } from '../platform/jobs/jobs.ts';
import { referralKey } from './transfers.ts';

/** Fee transfers one pass reads at most (by id); the rest wait for the next pass. */
const TRANSFERS_PER_PASS = 20_000;
/**
 * A transfer is read once this old: a transaction still open has not shown its rows yet, and
 * ids are taken at insert, not commit. Transactions here last milliseconds.
 */
const SETTLE_MS = 30_000;
/** The fees a referral shares: trading fees, in USDT, in the real book (decision 67). */
const FEE_KINDS = ['contract_fee', 'spot_fee'];
/** Batches one ledger statement writes (Ledger.postMany's bound is 10,000). */
const POST_CHUNK = 5_000;

interface FeeRow {
  id: number;
  kind: string;
  amount: string;
  created_at: Date;
  friend_id: number;
  referrer_id: number;
}

/**
 * Every 10 s: each trading fee a referred person paid in their reward period gives their
 * referrer a share, from the fees account, with a statement row (fee, share, amount). The
 * cursor, the rows and the ledger commit together in the slot's transaction: each fee is
 * shared once (its transfer id is unique in the statement and in the ledger's key).
 */
export function referralJob(
  ledger: Ledger,
  params: () => Promise<{ sharePercent: string; rewardDays: number }>,
  now: () => number,
): OnceJob<{ sharePercent: string; rewardDays: number }> {
  return {
    name: 'invites.referrals',
    schedule: { every: 'interval', ms: 10_000 },
    missed: 'latest',
    prepare: () => params(),
    async runInTx(tx, _slot, rules) {
      const [cursor] = await tx.query<{ last: string }>(
        'select last_transfer_id::text as last from referral_cursor for update',
      );
      assert(cursor !== undefined, 'referral cursor row missing');
      const from = Number(cursor.last);
      const upper = await upperBound(tx, from, new Date(now() - SETTLE_MS));
      if (upper <= from) return { fees: 0, upper: from };
      const fees = await tx.query<FeeRow>(
        `select t.id, t.kind, t.amount::text, t.created_at, f.id as friend_id,
                f.invited_by as referrer_id
           from ledger_transfers t
           join ledger_accounts a on a.id = t.from_account
           join users f on f.id = a.user_id
          where t.id > $1 and t.id <= $2 and t.kind = any($3::text[]) and t.asset = 'USDT'
            and t.book = 'real' and f.invited_by is not null
            and t.created_at < f.created_at + make_interval(days => $4::int)
          order by t.id`,
        [from, upper, FEE_KINDS, rules.rewardDays],
      );
      await share(tx, ledger, fees, rules.sharePercent);
      await tx.query('update referral_cursor set last_transfer_id = $1', [upper]);
      return { fees: fees.length, upper };
    },
  };
}

/** The last id the pass may read: none newer than `settled`, at most a pass's worth. */
async function upperBound(tx: Tx, from: number, settled: Date): Promise<number> {
  const [row] = await tx.query<{ upper: string }>(
    `select least(
       coalesce((select min(id) - 1 from ledger_transfers where id > $1 and created_at >= $2),
                9223372036854775807),
       coalesce((select max(id) from ledger_transfers where id > $1), $1),
       $1 + $3)::text as upper`,
    [from, settled, TRANSFERS_PER_PASS],
  );
  return Number(row?.upper ?? from);
}

async function share(tx: Tx, ledger: Ledger, fees: readonly FeeRow[], percent: string) {
  if (fees.length === 0) return;
  const batches: TransferRequest[] = [];
  const amounts = fees.map((f) => percentOf(toUnits(f.amount, USDT_SCALE), percent, 'down'));
  fees.forEach((f, i) => {
    const amount = amounts[i] ?? 0n;
    if (amount === 0n) return;
    batches.push({
      key: referralKey(Number(f.id)),
      asset: 'USDT',
      book: 'real',
      legs: [
        {
          from: { platform: 'fees' },
          to: { user: Number(f.referrer_id), purpose: 'available' },
          amount,
          kind: 'referral_reward',
          reference: `fee:${f.id}`,
        },
      ],
    });
  });
  for (let i = 0; i < batches.length; i += POST_CHUNK) {
    await ledger.postMany(tx, batches.slice(i, i + POST_CHUNK));
  }
  await tx.query(
    `insert into referral_rewards (fee_transfer_id, referrer_id, friend_id, fee_kind, fee,
       share_percent, amount, created_at)
     select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::numeric[],
                          $6::numeric[], $7::numeric[], $8::timestamptz[])`,
    [
      fees.map((f) => f.id),
      fees.map((f) => f.referrer_id),
      fees.map((f) => f.friend_id),
      fees.map((f) => f.kind),
      fees.map((f) => f.amount),
      fees.map(() => percent),
      amounts.map((a) => fromUnits(a, USDT_SCALE)),
      fees.map((f) => f.created_at),
    ],
  );
}
