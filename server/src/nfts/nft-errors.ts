import { Code, type CodeValue } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { LedgerError } from '../ledger/ledger.ts';

const CODES: Record<LedgerError['reason'], CodeValue> = {
  insufficient_funds: Code.insufficientBalanceRecharge,
  reserve_short: Code.systemError,
  idempotency_conflict: Code.requestKeyReused,
  unknown_asset: Code.badRequest,
  invalid_amount: Code.bidTooLow,
  invalid_key: Code.badRequest,
  hold_resolved: Code.collectibleStatusWrong,
};

/** Runs `fn`, answering a ledger refusal with its catalogue code. */
export async function withNftCodes<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LedgerError) throw new AppError(CODES[err.reason]);
    throw err;
  }
}
