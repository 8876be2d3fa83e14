import type { EDITABLE_PARAMS } from '../../../contract/admin/schemas.ts';
import { validOptionPeriods } from '../../../contract/trading/option-periods.ts';

type ParamKey = (typeof EDITABLE_PARAMS)[number];

const percent = (max: number) => (v: string) => /^\d{1,2}(\.\d{1,4})?$/.test(v) && Number(v) <= max;
// A store or download address, https only; empty hides the button (nothing leads nowhere).
const appLink = (v: string) => v === '' || /^https:\/\/[\w\-.]+(:\d+)?(\/[\w\-./?=&%]*)?$/.test(v);

/** What each editable parameter may hold; a value outside its rule is refused with 10138. */
export const PARAM_RULES: Readonly<Record<ParamKey, (value: string) => boolean>> = {
  // Percent of the amount; above 10% a fee stops being a fee.
  withdraw_fee_rate: percent(10),
  trading_fee_rate: percent(5),
  // Percent of the notional left at liquidation; at 50 % a position would close at half its margin.
  maintenance_margin_rate: percent(50),
  option_periods: validOptionPeriods,
  spot_maker_fee_rate: percent(5),
  spot_taker_fee_rate: percent(5),
  // How far from the feed a spot market order may fill: whole basis points, at least one (a
  // band of nothing would let no market order fill), at most 20 %.
  spot_market_band: (v) => /^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) >= 0.01 && Number(v) <= 20,
  support_email: (v) => /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(v),
  down_url: appLink,
  android_url: appLink,
  ios_url: appLink,
};
