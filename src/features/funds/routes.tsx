import type { ReactNode } from 'react';
import { page, type AppRoute } from '../../lib/routing.ts';

const BalancePage = page(() => import('./BalancePage.tsx'));
const CoinAccountsPage = page(() => import('./CoinAccountsPage.tsx'));
const DepositPage = page(() => import('./DepositPage.tsx'));
const WithdrawPage = page(() => import('./WithdrawPage.tsx'));
const FundingRecordsPage = page(() => import('./FundingRecordsPage.tsx'));
const TransactionsPage = page(() => import('./TransactionsPage.tsx'));

/** What src/app plugs into the funds screens from other features. */
export interface FundsSlots {
  /** In a coin's row of the coin accounts: a way to trade it (its spot pair). */
  coinAction?: (asset: string) => ReactNode;
}

export const fundsRoutes = ({ coinAction }: FundsSlots = {}): AppRoute[] => [
  { path: '/profile/balance', element: <BalancePage />, guarded: true, page: BalancePage },
  {
    path: '/profile/balancebb',
    element: <CoinAccountsPage coinAction={coinAction} />,
    guarded: true,
    page: CoinAccountsPage,
  },
  { path: '/profile/deposit', element: <DepositPage />, guarded: true, page: DepositPage },
  { path: '/profile/withdraw', element: <WithdrawPage />, guarded: true, page: WithdrawPage },
  {
    path: '/profile/records',
    element: <FundingRecordsPage />,
    guarded: true,
    page: FundingRecordsPage,
  },
  {
    path: '/profile/transactions',
    element: <TransactionsPage />,
    guarded: true,
    page: TransactionsPage,
  },
];
