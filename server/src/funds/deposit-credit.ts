import { ASSET_SCALE, type Asset } from '../../../contract/funds/schemas.ts';
import { assert } from '../assert.ts';
import type { Tx } from '../platform/db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal } from '../money/amounts.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { toUnits } from '../money/decimal.ts';
import type { TransferKind } from '../money/transfers.ts';
import { fundsKey } from './transfers.ts';
import { claimTransfers, type CreditedTransfers } from './chain-credits.ts';

/**
 * Credits a deposit to the person's real available balance from the external-deposits account.
 * Staff approval and the chain check both come here with the same idempotency key, so a deposit
 * is credited once whichever gets there first; and its chain transfers are claimed first, so a
 * payment is credited once whoever's deposit names it (10130 otherwise, nothing moved).
 */
export async function creditDeposit(
  ledger: Ledger,
  notices: Notices,
  tx: Tx,
  deposit: { id: number; userId: number; asset: Asset; amount: string },
  transfers: CreditedTransfers,
): Promise<void> {
  const amount = toUnits(deposit.amount, ASSET_SCALE[deposit.asset]);
  if (amount <= 0n) throw new Error(`deposit ${deposit.id}: credit of ${deposit.amount}`);
  assert(
    transfers.asset === deposit.asset,
    () => `deposit ${deposit.id}: ${deposit.asset} credited for ${transfers.asset} transfers`,
  );
  await claimTransfers(tx, deposit.id, transfers);
  await ledger.post(tx, {
    key: fundsKey.depositCredit(deposit.id),
    asset: deposit.asset,
    book: 'real',
    legs: [
      {
        from: { platform: 'external_deposits' },
        to: { user: deposit.userId, purpose: 'available' },
        amount,
        kind: 'deposit' satisfies TransferKind,
        reference: `deposit:${deposit.id}`,
      },
    ],
  });
  await notices.raise(tx, deposit.userId, {
    kind: 'funds.deposit-decided',
    depositId: deposit.id,
    approved: true,
    amount: trimDecimal(deposit.amount),
    asset: deposit.asset,
    reasonCode: null,
    reason: null,
  });
}
