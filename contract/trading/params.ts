import { decimalWithin, isDecimalText } from '../common/decimal-text.ts';
import { percent, type ParamDecl } from '../param-decl.ts';
import { validOptionPeriods } from './option-periods.ts';

/** Trading's parameters (contracts, options and spot). */
export const tradingParams = {
  trading_fee_rate: { rule: percent(5), public: true, editable: true },
  /** Percent of the notional left at liquidation; at 50 % a position would close at half. */
  maintenance_margin_rate: { rule: percent(50), public: false, editable: true },
  option_periods: { rule: validOptionPeriods, public: false, editable: true },
  spot_maker_fee_rate: { rule: percent(5), public: false, editable: true },
  spot_taker_fee_rate: { rule: percent(5), public: false, editable: true },
  /**
   * How far from the feed a spot market order may fill: whole basis points, at least one (a
   * band of nothing would let no market order fill), at most 20 %.
   */
  spot_market_band: {
    rule: (v: string) =>
      isDecimalText(v, { whole: 2, decimals: 2 }) && decimalWithin(v, '0.01', '20', 2),
    public: false,
    editable: true,
  },
} as const satisfies Record<string, ParamDecl>;
