import { optionalAmount, wholeIn, type ParamDecl } from '../param-decl.ts';

/**
 * Identity verification's levels and retention (docs/kyc.md). Not yet editable in the back
 * office: its parameter screen names each editable key in ten languages, which these lack.
 */
export const kycParams = {
  kyc_loan_max_unverified: { rule: optionalAmount, public: false, editable: false },
  kyc_loan_max_verified: { rule: optionalAmount, public: false, editable: false },
  kyc_withdraw_daily_max_unverified: { rule: optionalAmount, public: false, editable: false },
  /** At least a month (a decision can be disputed), at most 20 years. */
  kyc_retention_days: { rule: wholeIn(30, 7300), public: false, editable: false },
} as const satisfies Record<string, ParamDecl>;
