import { z } from 'zod';
import { Code } from '../errors.ts';
import { areaCodeSchema, phoneSchema } from '../auth/schemas.ts';
import { fileIdSchema, fileView } from '../files/schemas.ts';
import { requestKeySchema } from '../funds/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/**
 * Identity verification (KYC, SPEC §1-§5, docs/kyc.md): personal data, a document's photos, a
 * photo holding it and a drawn signature, reviewed by staff within 48 hours.
 */
export const KYC_LIMITS = {
  nameMax: 60,
  addressMax: 200,
  /** SPEC §5: images within 2 MB. */
  imageBytesMax: 2 * 1024 * 1024,
  /** A drawn signature is a small PNG. */
  signatureBytesMax: 512 * 1024,
  ageMin: 18,
  ageMax: 120,
  /** The promise shown to the person (SPEC §1). */
  reviewHours: 48,
  pageSizeMax: 50,
} as const;

/** SPEC §4: not verified, pending review, verified, rejected (resubmit). */
export const KYC_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const DOC_TYPES = ['id_card', 'driver_licence', 'passport'] as const;
export const SEXES = ['male', 'female'] as const;
/** The images of a submission; a passport has no back. */
export const KYC_IMAGES = ['front', 'back', 'selfie', 'signature'] as const;
export type KycImage = (typeof KYC_IMAGES)[number];
/** What a reviewer may reject: the personal data or one image. */
export const KYC_PARTS = ['data', ...KYC_IMAGES] as const;
export type KycPart = (typeof KYC_PARTS)[number];

/** Why a part is rejected (staff choose; the person reads it in their language). */
export const KYC_REJECT_REASONS = [
  'unreadable',
  'expired_document',
  'data_mismatch',
  'face_not_visible',
  'document_not_accepted',
  'signature_missing',
  'other',
] as const;

/** Which images a document type needs. */
export function imagesFor(docType: (typeof DOC_TYPES)[number]): readonly KycImage[] {
  return docType === 'passport' ? ['front', 'selfie', 'signature'] : KYC_IMAGES;
}

const name = z.string().trim().min(1).max(KYC_LIMITS.nameMax);

/** The SPEC §3 fields. A birthdate is a real calendar date; the age is checked by the server. */
export const kycPersonal = z.object({
  firstName: name,
  lastName: name,
  sex: z.enum(SEXES),
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
  address: z.string().trim().min(5).max(KYC_LIMITS.addressMax),
  areaCode: areaCodeSchema,
  phone: phoneSchema,
});
export type KycPersonal = z.infer<typeof kycPersonal>;

export const kycFiles = z.object({
  front: fileIdSchema,
  back: fileIdSchema.optional(),
  selfie: fileIdSchema,
  signature: fileIdSchema,
});

/**
 * A submission's images as stored: null once deleted past the retention period
 * (`kyc_retention_days`, docs/kyc.md), or for a passport's back.
 */
export const kycStoredFiles = z.object({
  front: z.string().nullable(),
  back: z.string().nullable(),
  selfie: z.string().nullable(),
  signature: z.string().nullable(),
});

/**
 * The personal data as answers carry it: what was accepted, written back as stored (answers'
 * schemas check shapes; the patterns are the input's business).
 */
export const kycPersonalOut = z.object({
  firstName: z.string(),
  lastName: z.string(),
  sex: z.enum(SEXES),
  birthdate: z.string(),
  country: z.string(),
  address: z.string(),
  areaCode: z.string(),
  phone: z.string(),
});

/**
 * SPEC §7 `identification`. A resubmission sends every part again: the ones staff accepted
 * with the ids the status answer gives (`files`), the rejected ones newly uploaded.
 */
export const identificationBody = z.object({
  key: requestKeySchema,
  personal: kycPersonal,
  docType: z.enum(DOC_TYPES),
  files: kycFiles,
});
export type IdentificationBody = z.infer<typeof identificationBody>;

export const kycUploadResult = z.object({ fileId: z.string() });

const partRejection = z.object({
  part: z.enum(KYC_PARTS),
  reasonCode: z.enum(KYC_REJECT_REASONS),
});

/** A person's verification as they see it (`getKycStatus`). */
export const kycState = z.object({
  status: z.enum(KYC_STATUSES),
  /** The latest submission, when there is one. */
  submission: z
    .object({
      id: z.number().int(),
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
      personal: kycPersonalOut,
      docType: z.enum(DOC_TYPES),
      files: kycStoredFiles,
      /** On a rejection: each rejected part with its reason, and staff's note. */
      rejected: z.array(partRejection),
      note: z.string().nullable(),
    })
    .nullable(),
  /** While pending: the review promise's deadline, and the queue's recent waits (hours). */
  reviewBy: z.string().nullable(),
  expectedWait: z.object({ medianHours: z.number(), p90Hours: z.number() }).nullable(),
  /** What the person's level allows, in USDT (from parameters; null: no limit). */
  limits: z.object({
    loanMax: z.string().nullable(),
    withdrawDailyMax: z.string().nullable(),
  }),
  /** Who on the staff looked at the documents, and when. */
  views: z.array(
    z.object({
      fileId: z.string(),
      kind: z.string(),
      staffUsername: z.string().nullable(),
      staffRole: fileView.shape.staffRole,
      at: z.string(),
    }),
  ),
});
export type KycState = z.infer<typeof kycState>;

/** The review queue, oldest first, for staff. */
export const kycQueueQuery = z.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, KYC_LIMITS.pageSizeMax).default(20),
  status: z.enum(['pending', 'verified', 'rejected']).default('pending'),
});

export const kycQueueItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  status: z.enum(KYC_STATUSES),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  personal: kycPersonalOut,
  docType: z.enum(DOC_TYPES),
  files: kycStoredFiles,
  rejected: z.array(partRejection),
  note: z.string().nullable(),
});
export const kycQueue = z.object({
  list: z.array(kycQueueItem),
  total: z.number().int(),
  /** Waits of the last 30 days' decisions, in hours (staff see them; the person too). */
  waits: z.object({ medianHours: z.number(), p90Hours: z.number() }).nullable(),
});

/** Approve, or reject with at least one part and its reason, and a note. */
export const kycDecisionBody = z
  .object({
    id: z.number().int().positive(),
    decision: z.enum(['approve', 'reject']),
    rejected: z.array(partRejection).max(KYC_PARTS.length).default([]),
    reason: z.string().trim().max(500).default(''),
  })
  .superRefine((b, ctx) => {
    const parts = new Set(b.rejected.map((r) => r.part));
    if (parts.size !== b.rejected.length) {
      ctx.addIssue({ code: 'custom', path: ['rejected'], message: 'rejected' });
    }
    if ((b.decision === 'reject') !== b.rejected.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['rejected'], message: 'rejected' });
    }
  });
export type KycDecisionBody = z.infer<typeof kycDecisionBody>;

export const kycFieldCodes = {
  key: { missing: Code.badRequest, invalid: Code.badRequest },
  personal: { missing: Code.verificationIncomplete, invalid: Code.verificationIncomplete },
  docType: { missing: Code.verificationIncomplete, invalid: Code.verificationIncomplete },
  files: { missing: Code.verificationIncomplete, invalid: Code.verificationIncomplete },
  id: { missing: Code.notFound, invalid: Code.notFound },
  decision: { missing: Code.badRequest, invalid: Code.badRequest },
  rejected: { missing: Code.reasonRequired, invalid: Code.reasonRequired },
  reason: { missing: Code.reasonRequired, invalid: Code.reasonRequired, multiline: true },
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  status: { missing: Code.badRequest, invalid: Code.badRequest },
  part: { missing: Code.badRequest, invalid: Code.badRequest },
} satisfies FieldCodeMap;
