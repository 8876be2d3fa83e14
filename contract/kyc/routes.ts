import { z } from 'zod';
import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import { claimBody, claimResult } from '../review.ts';
import { Code } from '../errors.ts';
import * as kyc from './schemas.ts';

/** Identity verification's calls (docs/kyc.md). */
export const kycRoutes = {
  uploadKycImage: route({
    ...paths.uploadKycImage,
    summary:
      "A document's photo (front, back, or held in hand): a multipart form with one file part, JPG, JPEG 2000 or PNG within 2 MB, stored re-encoded and encrypted",
    tag: 'kyc',
    auth: 'session',
    upload: true,
    result: kyc.kycUploadResult,
    fields: {},
  }),
  uploadKycSignature: route({
    ...paths.uploadKycSignature,
    summary:
      'The signature drawn on screen (multipart, one file part): JPG, JPEG 2000 or PNG within 512 KB, stored as PNG or JPEG',
    tag: 'kyc',
    auth: 'session',
    upload: true,
    result: kyc.kycUploadResult,
    fields: {},
  }),
  identification: route({
    ...paths.identification,
    summary:
      'Submit identity verification (SPEC §7): personal data, document type and the uploaded images; one pending submission at a time (10026)',
    tag: 'kyc',
    auth: 'session',
    body: kyc.identificationBody,
    result: z.object({
      id: z.number().int(),
      status: z.literal('pending'),
      message: z.literal(Code.submittedForReview),
    }),
    fields: kyc.kycFieldCodes,
  }),
  getKycStatus: route({
    ...paths.getKycStatus,
    summary:
      "The person's verification: status, the latest submission with any rejected parts, the expected wait, the level's limits, and who viewed the documents",
    tag: 'kyc',
    auth: 'session',
    result: kyc.kycState,
    fields: {},
  }),
  listKycQueue: route({
    ...paths.listKycQueue,
    summary: 'Identity submissions by status, oldest first, with the queue’s recent waits',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    query: kyc.kycQueueQuery,
    result: kyc.kycQueue,
    fields: kyc.kycFieldCodes,
  }),
  claimKyc: route({
    ...paths.claimKyc,
    summary: 'Claims a pending submission for the caller for 15 minutes (another reviewer: 10191)',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: claimBody,
    result: claimResult,
    fields: kyc.kycFieldCodes,
  }),
  reviewKyc: route({
    ...paths.reviewKyc,
    summary: 'Approve a submission, or reject the parts to send again, each with its reason',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer'],
    body: kyc.kycDecisionBody,
    result: kyc.kycQueueItem,
    fields: kyc.kycFieldCodes,
  }),
} as const;
