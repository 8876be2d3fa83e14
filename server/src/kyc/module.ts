import type { Capability } from '../http/capability.ts';
import type { Database } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { ReviewDesk } from '../platform/review/review-desk.ts';
import { kycAdminRoutes } from './admin-routes.ts';
import { Kyc, type KycParams } from './kyc.ts';
import { retentionJob } from './queue.ts';
import { kycRoutes } from './routes.ts';

export interface KycNeeds {
  db: Database;
  files: Files;
  reviews: ReviewDesk;
  notices: Notices;
  params: KycParams;
}

export type KycModule = Capability & { kyc: Kyc };

/** Identity verification (docs/kyc.md): submissions, their review, levels and retention. */
export function kycModule(needs: KycNeeds): KycModule {
  const { db, files, reviews, notices, params } = needs;
  const kyc = new Kyc(db, files, reviews, notices, params);
  return {
    name: 'kyc',
    kyc,
    routes: (r) => {
      kycRoutes(r, kyc, files);
      kycAdminRoutes(r, kyc, db);
    },
    jobs: [retentionJob(files, () => params.get('kyc_retention_days'))],
  };
}
