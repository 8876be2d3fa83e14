import type { AdminRoute } from '../../../lib/routing.ts';
import QueuePage from './QueuePage.tsx';
import UserLedgerPage from './UserLedgerPage.tsx';

/** Deposit and withdrawal review, and a user's ledger with manual adjustments. */
export const fundsAdminRoutes: AdminRoute[] = [
  {
    path: '',
    element: <QueuePage key="deposits" kind="deposits" />,
    gate: 'listDepositQueue',
    nav: 'deposits',
  },
  {
    path: 'withdrawals',
    element: <QueuePage key="withdrawals" kind="withdrawals" />,
    gate: 'listWithdrawalQueue',
    nav: 'withdrawals',
  },
  { path: 'users/:id', element: <UserLedgerPage />, gate: 'getUserLedger' },
];
