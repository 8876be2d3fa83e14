import { Code } from '../../../contract/errors.ts';
import { optionPeriodsSchema } from '../../../contract/trading/option-periods.ts';
import type { OptionPeriod } from '../../../contract/trading/schemas.ts';
import { AppError } from '../errors.ts';
import type { ParamKey } from '../../../contract/params.ts';

/** The platform's parameters as trading reads them. */
export interface ParamReader {
  get(key: ParamKey): Promise<string>;
}

export class TradingParams {
  constructor(private readonly params: ParamReader) {}

  /** Percent of the notional charged at open. */
  feeRate(): Promise<string> {
    return this.params.get('trading_fee_rate');
  }

  /** Percent of the notional a position keeps when it is liquidated. */
  maintenanceRate(): Promise<string> {
    return this.params.get('maintenance_margin_rate');
  }

  /** The option periods; a stored value that does not parse answers 10018, never a guess. */
  async optionPeriods(): Promise<OptionPeriod[]> {
    const value = await this.params.get('option_periods');
    try {
      const parsed = optionPeriodsSchema.safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: the same answer as a wrong shape
    }
    throw new AppError(Code.systemParamsFailed);
  }
}
