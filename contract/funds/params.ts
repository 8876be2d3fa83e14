import { percent, type ParamDecl } from '../param-decl.ts';

/** Funds' parameters. */
export const fundsParams = {
  /** Percent of each withdrawal; above 10 % a fee stops being a fee. */
  withdraw_fee_rate: { rule: percent(10), public: true, editable: true },
} as const satisfies Record<string, ParamDecl>;
