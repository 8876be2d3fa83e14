import { ASSET_SCALE, type Asset } from '../../../contract/funds/schemas.ts';
import type { Tx } from '../platform/db/database.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import { transferKey, type TransferKind } from '../money/transfers.ts';

/**
 * Credits a deposit to the person's real available balance from the external-deposits account.
 * Staff approval and the chain check both come here with the same idempotency key, so a deposit
 * is credited once whichever gets there first.
 */
export async function creditDeposit(
  ledger: Ledger,
  tx: Tx,
  deposit: { id: number; userId: number; asset: Asset; amount: string },
): Promise<void> {
  const amount = toUnits(deposit.amount, ASSET_SCALE[deposit.asset]);
  if (amount <= 0n) throw new Error(`deposit ${deposit.id}: credit of ${deposit.amount}`);
  await ledger.post(tx, {
    key: transferKey.depositCredit(deposit.id),
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
}
