import { ASSET_SCALE, type Asset } from '../../../contract/funds/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { AppError } from '../errors.ts';
import { toUnits } from '../money/decimal.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Tx } from '../platform/db/database.ts';
import { usdtValue, type PriceOf } from './balances.ts';

/** What funds needs of identity verification (the kyc capability's, wired in server.ts). */
export interface Identity {
  verified(userId: number): Promise<boolean>;
}

export interface CapParams {
  get(key: 'kyc_withdraw_daily_max_unverified'): Promise<string>;
}

const DAY_MS = 86_400_000;

/**
 * The level's daily withdrawal cap (docs/kyc.md): a person not verified may withdraw at most
 * `kyc_withdraw_daily_max_unverified` USDT's worth in 24 hours (empty: no cap); past it,
 * "complete identity verification first" (10022).
 */
export class WithdrawalCap {
  constructor(
    private readonly params: CapParams,
    private readonly identity: Identity,
    private readonly priceOf: PriceOf,
    private readonly now: () => number = Date.now,
  ) {}

  /** Before the transaction: the cap in USDT cents for this person, or null for none. */
  async of(userId: number): Promise<bigint | null> {
    const max = await this.params.get('kyc_withdraw_daily_max_unverified');
    if (max === '' || (await this.identity.verified(userId))) return null;
    return toUnits(max, 2);
  }

  /**
   * In the withdrawal's transaction: the person's last 24 hours of withdrawals (waiting or paid)
   * and this one, valued at the feed's prices, within `cap`. The person's lock makes two at
   * once count each other. A coin without a price cannot be valued, so it is refused.
   */
  async check(tx: Tx, userId: number, cap: bigint, asset: Asset, amount: bigint): Promise<void> {
    await lockPerson(tx, LockSpace.withdrawals, userId);
    const rows = await tx.query<{ asset: Asset; amount: string }>(
      `select asset, sum(amount)::text as amount from withdrawals
        where user_id = $1 and status in ('pending', 'approved') and created_at > $2
        group by asset`,
      [userId, new Date(this.now() - DAY_MS)],
    );
    let total = this.cents(asset, amount);
    for (const r of rows) total += this.cents(r.asset, toUnits(r.amount, ASSET_SCALE[r.asset]));
    if (total > cap) throw new AppError(Code.notVerified, { field: 'amount' });
  }

  private cents(asset: Asset, units: bigint): bigint {
    const price = asset === 'USDT' ? '1' : this.priceOf(asset);
    if (price === undefined) throw new AppError(Code.notVerified, { field: 'amount' });
    return toUnits(usdtValue(units, ASSET_SCALE[asset], price), 2);
  }
}
