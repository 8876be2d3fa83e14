import type { AdminRoute } from '../../../lib/routing.ts';
import KycQueuePage from './KycQueuePage.tsx';

/** Identity verification's review queue (reviewers and admins). */
export const kycAdminRoutes: AdminRoute[] = [
  { path: 'kyc', element: <KycQueuePage />, gate: 'listKycQueue', nav: 'kyc' },
];
