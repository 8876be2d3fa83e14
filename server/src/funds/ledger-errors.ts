import { Code, type CodeValue } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { LedgerError } from '../ledger/ledger.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';

export { isUniqueViolation };

const CODES: Record<LedgerError['reason'], CodeValue> = {
  insufficient_funds: Code.insufficientBalance,
  // No reserve is touched here: a refusal of one would be a bug.
  reserve_short: Code.systemError,
  idempotency_conflict: Code.requestKeyReused,
  unknown_asset: Code.assetWrong,
  invalid_amount: Code.amountInvalid,
  invalid_key: Code.badRequest,
  hold_resolved: Code.alreadyReviewed,
};

/** Runs `fn`, answering a ledger refusal with its catalogue code. */
export async function withLedgerCodes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LedgerError) throw new AppError(CODES[err.reason]);
    // Another claim of the same chain transfer was credited at the same moment (one credit).
    if (isUniqueViolation(err, 'chain_credits_one_credit')) {
      throw new AppError(Code.txHashUsed, { field: 'txHash' });
    }
    throw err;
  }
}
