import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Database } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { ReviewDesk } from '../platform/review/review-desk.ts';
import { loanAccrualJob } from './daily.ts';
import { Loans, type LoanIdentity, type LoanParams } from './loans.ts';
import { LoanProducts } from './products.ts';
import { LoanReview } from './review.ts';
import { loansAdminRoutes, loansRoutes } from './routes.ts';

export interface LoansNeeds {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  files: Files;
  notices: Notices;
  reviews: ReviewDesk;
  identity: LoanIdentity;
  params: LoanParams;
  timeZone: string;
  now: () => number;
}

export type LoansModule = Capability & { loans: Loans; products: LoanProducts; review: LoanReview };

/** Loans (docs/loans.md): products, the lending account, applications, review, accrual. */
export function loansModule(needs: LoansNeeds): LoansModule {
  const { db, ledger, audit, files, notices, reviews, identity, params, timeZone, now } = needs;
  const products = new LoanProducts(db, ledger, audit);
  const loans = new Loans(db, ledger, files, products, identity, params, timeZone, now);
  const review = new LoanReview(db, ledger, reviews, notices, timeZone, now);
  return {
    name: 'loans',
    loans,
    products,
    review,
    routes: (r) => {
      loansRoutes(r, loans, products, files);
      loansAdminRoutes(r, loans, products, review);
    },
    jobs: [loanAccrualJob(notices, timeZone)],
  };
}
