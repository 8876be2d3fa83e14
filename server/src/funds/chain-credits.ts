import { Code } from '../../../contract/errors.ts';
import type { Asset } from '../../../contract/funds/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import { NATIVE_TRANSFER } from '../platform/chain/payment-check.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

/** The chain transfers one deposit credits (migration 013). */
export interface CreditedTransfers {
  /** The deposit's network: a deployment reads one chain per network. */
  chain: string;
  txHash: string;
  asset: Asset;
  /**
   * Token Transfer log indexes, or NATIVE_TRANSFER for ETH. Null where they are not known (a
   * network the server does not read, a transaction the chain shows none of the coin in): the
   * credit then stands for every transfer of the coin in the transaction.
   */
  logIndexes: readonly number[] | null;
}

/** Another deposit that credited a transfer of the same coin in the same transaction. */
export interface PriorCredit {
  depositId: number;
  userId: number;
  username: string;
}

/** A credit refused because its transfer was credited already (the guard, or its unique key). */
export function isCreditTaken(err: unknown): boolean {
  return (
    (err instanceof AppError && err.code === Code.txHashUsed) ||
    isUniqueViolation(err, 'chain_credits_one_credit')
  );
}

/**
 * The one guard of "a chain transfer is credited once, to any account": records that deposit
 * `depositId` credits `t`, in the transaction that credits it, or refuses with 10130 when one of
 * its transfers (any of the coin's, where they are unknown on either side) was credited already.
 * The sweep and staff approval both come here (creditDeposit).
 */
export async function claimTransfers(
  tx: Tx,
  depositId: number,
  t: CreditedTransfers,
): Promise<void> {
  const known = t.logIndexes === null ? null : [...new Set(t.logIndexes)];
  assert(
    known === null ||
      (known.length > 0 &&
        known.every((i) => Number.isSafeInteger(i) && i >= NATIVE_TRANSFER) &&
        known.every((i) => (i === NATIVE_TRANSFER) === (t.asset === 'ETH'))),
    () => `deposit ${depositId}: transfers ${JSON.stringify(t.logIndexes)} of ${t.asset}`,
  );
  // Credits of one transaction take turns here, so the check below sees every earlier one;
  // the unique key backs up known transfers even so.
  await tx.query(
    'insert into chain_payments (chain, tx_hash) values ($1, $2) on conflict do nothing',
    [t.chain, t.txHash],
  );
  await tx.query('select 1 from chain_payments where chain = $1 and tx_hash = $2 for update', [
    t.chain,
    t.txHash,
  ]);
  const [taken] = await tx.query<{ deposit_id: number }>(
    `select deposit_id from chain_credits
      where chain = $1 and tx_hash = $2
        and (log_index = any($3::int[]) or (asset = $4 and (log_index is null or $5)))
      limit 1`,
    [t.chain, t.txHash, known ?? [], t.asset, known === null],
  );
  if (taken !== undefined) throw new AppError(Code.txHashUsed, { field: 'txHash' });
  const rows = await tx.query(
    `insert into chain_credits (chain, tx_hash, log_index, asset, deposit_id)
     select $1, $2, i, $4, $5 from unnest($3::int[]) as i returning log_index`,
    [t.chain, t.txHash, known ?? [null], t.asset, depositId],
  );
  assert(rows.length === (known?.length ?? 1), () => `deposit ${depositId}: claims not recorded`);
}

/**
 * For each deposit of `ids`, the other deposits that credited its coin from its transaction:
 * what staff see before they approve a claim of a payment already credited.
 */
export async function priorCredits(
  q: Queryable,
  ids: readonly number[],
): Promise<Map<number, PriorCredit[]>> {
  const rows = await q.query<{ id: number; deposit_id: number; user_id: number; username: string }>(
    `select distinct d.id, o.id as deposit_id, o.user_id, u.username
       from deposits d
       join chain_credits c on c.chain = d.network and c.tx_hash = d.tx_hash
                           and c.asset = d.asset and c.deposit_id <> d.id
       join deposits o on o.id = c.deposit_id
       join users u on u.id = o.user_id
      where d.id = any($1::bigint[])
      order by d.id, o.id`,
    [ids],
  );
  const byId = new Map<number, PriorCredit[]>();
  for (const r of rows) {
    const list = byId.get(Number(r.id)) ?? [];
    list.push({ depositId: Number(r.deposit_id), userId: Number(r.user_id), username: r.username });
    byId.set(Number(r.id), list);
  }
  return byId;
}
