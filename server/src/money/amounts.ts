import { ASSET_SCALE, fitsScale, type Asset } from '../../../contract/funds/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { toUnits } from './decimal.ts';

export { showUnits } from '../../../contract/funds/schemas.ts';

/** A wire amount of `asset` in its smallest unit; more decimals than the coin has is refused. */
export function unitsOf(amount: string, asset: Asset): bigint {
  if (!fitsScale(amount, asset)) throw new AppError(Code.amountInvalid, { field: 'amount' });
  const units = toUnits(amount, ASSET_SCALE[asset]);
  if (units <= 0n) throw new AppError(Code.amountInvalid, { field: 'amount' });
  return units;
}

/** A NUMERIC read from the database, in the shortest exact form. */
export { trimDecimal } from '../../../contract/decimal.ts';

/** USDT's scale: the plans' and loans' one asset. */
export const USDT_SCALE = ASSET_SCALE.USDT;
