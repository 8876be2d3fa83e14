import { Code } from '../../../contract/errors.ts';
import {
  LOT_SCALE,
  percentToRate,
  quoteOf,
  usableLeverages,
} from '../../../contract/trading/formulas.ts';
import type { z } from 'zod';
import type { tradingInfo } from '../../../contract/trading/schemas.ts';
import { AppError } from '../errors.ts';
import { trimDecimal } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import type { Instruments } from './instruments.ts';
import type { TradingParams } from './params.ts';
import { contractSpecOf } from './specs.ts';

/** What can be traded on an instrument now: the trade panels start from this. */
export class TradingInfo {
  constructor(
    private readonly instruments: Instruments,
    private readonly params: TradingParams,
    private readonly now: () => number = Date.now,
  ) {}

  async of(instrumentId: number): Promise<z.output<typeof tradingInfo>> {
    const i = this.instruments.byId(instrumentId);
    if (i === undefined) throw new AppError(Code.optionsProductWrong, { field: 'id' });
    const now = this.now();
    const open = i.isOpen(now);
    const spec = contractSpecOf(i);
    const [feeRate, maintenanceRate, periods] = await Promise.all([
      this.params.feeRate(),
      this.params.maintenanceRate(),
      this.params.optionPeriods(),
    ]);
    const p = i.precision;
    const quote = i.last && quoteOf(toUnits(i.last.price, p), i.spreadTenthsBps);
    const lots = (v: bigint) => trimDecimal(fromUnits(v, LOT_SCALE));
    return {
      instrumentId: i.id,
      code: i.code,
      precision: p,
      open,
      opensAt: open ? null : (i.opensAt(now) ?? null),
      mid: i.last?.price ?? null,
      bid: quote ? fromUnits(quote.bid, p) : null,
      ask: quote ? fromUnits(quote.ask, p) : null,
      tickTs: i.last?.ts ?? null,
      contract: spec
        ? {
            contractSize: spec.contractSize.toString(),
            lotMin: lots(spec.lotMin),
            lotStep: lots(spec.lotStep),
            lotMax: lots(spec.lotMax),
            // Only what can open at this quote and maintenance rate (docs/trading.md).
            leverages: usableLeverages(spec.leverages, percentToRate(maintenanceRate), quote),
            feeRate,
            maintenanceRate,
          }
        : null,
      options: periods,
    };
  }
}
