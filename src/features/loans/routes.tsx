import { page, type AppRoute } from '../../lib/routing.ts';

const LoansPage = page(() => import('./LoansPage.tsx'));
const LoanDetailPage = page(() => import('./LoanDetailPage.tsx'));

/**
 * Loans (SPEC §2, §7): products, the calculator and the application; one loan's detail. /loan
 * is open to visitors (the lending account is public); applying asks to log in.
 */
export const loansRoutes: AppRoute[] = [
  { path: '/loan', element: <LoansPage />, page: LoansPage },
  { path: '/loan/:id', element: <LoanDetailPage />, guarded: true, page: LoanDetailPage },
];
