import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { page, type AppRoute } from '../../lib/routing.ts';

const KycPage = page(() => import('./KycPage.tsx'));

export const kycRoutes: AppRoute[] = [
  { path: '/profile/kyc', element: <KycPage />, guarded: true, page: KycPage },
];

// Its own small chunk, fetched with the profile page that shows it.
const LazyKycBadge = lazyPart(() => import('./KycBadge.tsx'));

/** The verification status beside the profile's "Identity verification" entry. */
export function KycBadge() {
  return (
    <Suspense fallback={null}>
      <LazyKycBadge />
    </Suspense>
  );
}
