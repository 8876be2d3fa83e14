import { optionalAmount, wholeIn, type ParamDecl } from '../param-decl.ts';

/**
 * Identity verification's levels and retention (docs/kyc.md), editable in the back office. No
 * unverified loan cap: loans need verified identity (decision 58).
 */
export const kycParams = {
  kyc_loan_max_verified: { rule: optionalAmount, public: false, editable: true },
  kyc_withdraw_daily_max_unverified: { rule: optionalAmount, public: false, editable: true },
  /** At least a month (a decision can be disputed), at most 20 years. */
  kyc_retention_days: { rule: wholeIn(30, 7300), public: false, editable: true },
} as const satisfies Record<string, ParamDecl>;
