import type { AdminRoute } from '../../../lib/routing.ts';
import LoanProductsPage from './LoanProductsPage.tsx';
import LoanQueuePage from './LoanQueuePage.tsx';

/** Loans in the back office: the application review queue, and the products with the lending account. */
export const loansAdminRoutes: AdminRoute[] = [
  { path: 'loans', element: <LoanQueuePage />, gate: 'listLoanQueue', nav: 'loans' },
  {
    path: 'loan-products',
    element: <LoanProductsPage />,
    gate: 'adminListLoanProducts',
    nav: 'loanProducts',
  },
];
