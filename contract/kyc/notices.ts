import { z } from 'zod';
import { KYC_PARTS } from './schemas.ts';

/** Identity verification's notices (merged in contract/notifications/schemas.ts). */
export const kycNotices = [
  /** Staff decided: verified, or rejected with the parts to send again. */
  z.object({
    kind: z.literal('kyc.decided'),
    submissionId: z.number().int().positive(),
    approved: z.boolean(),
    rejectedParts: z.array(z.enum(KYC_PARTS)).max(KYC_PARTS.length),
  }),
] as const;
