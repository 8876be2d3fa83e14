import { Code } from '../../../contract/errors.ts';
import { KYC_LIMITS } from '../../../contract/kyc/schemas.ts';
import type { FileKind } from '../platform/files/kinds.ts';

/** Staff who may see identity documents: reviewers and admins (each read audited). */
const KYC_STAFF = ['admin', 'reviewer'] as const;

/** A document's photo: front, back, or held in hand (SPEC §5: within 2 MB). */
export const kycDocumentKind: FileKind = {
  kind: 'kyc.document',
  staffRoles: KYC_STAFF,
  bytesMax: KYC_LIMITS.imageBytesMax,
  missingCode: Code.verificationIncomplete,
};

/** The signature drawn on screen. */
export const kycSignatureKind: FileKind = {
  kind: 'kyc.signature',
  staffRoles: KYC_STAFF,
  bytesMax: KYC_LIMITS.signatureBytesMax,
  missingCode: Code.verificationIncomplete,
};

export const kycFileKinds: readonly FileKind[] = [kycDocumentKind, kycSignatureKind];
