import type { ReserveAccount } from '../ledger/ledger.ts';
import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    loan_payout: true;
    loan_principal_repaid: true;
    loan_interest: true;
    loan_damages: true;
    loan_lending_funding: true;
  }
}

/** Loans' movements: payouts from the lending account, repayments, its funding. */
export const LOANS_TRANSFERS: TransferSet = {
  owner: 'loans',
  prefixes: ['loan', 'loan-fund'],
  kinds: [
    'loan_payout',
    'loan_principal_repaid',
    'loan_interest',
    'loan_damages',
    'loan_lending_funding',
  ],
};

/** The lending account: loans are paid out of it, never created. */
export const LENDING: ReserveAccount = 'reserve:loans:lending';

export const loansKey = {
  payout: (loanId: number) => `loan:${loanId}:payout`,
  repay: (loanId: number) => `loan:${loanId}:repay`,
  funding: (staffId: number, requestKey: string) => `loan-fund:${staffId}:${requestKey}`,
} as const;
