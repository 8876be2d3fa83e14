import { Code } from '../../../contract/errors.ts';
import { FUNDS_LIMITS, PROOF_STAFF_ROLES } from '../../../contract/funds/schemas.ts';
import type { FileKind } from '../platform/files/kinds.ts';

/** A deposit's proof screenshot (SPEC §5: JPG, JPEG 2000 or PNG, at most 2 MB). */
export const depositProofKind: FileKind = {
  kind: 'funds.deposit-proof',
  staffRoles: PROOF_STAFF_ROLES,
  bytesMax: FUNDS_LIMITS.proofBytesMax,
  missingCode: Code.proofRequired,
};

/** The kinds of file funds stores (merged with the others' in server.ts). */
export const fundsFileKinds: readonly FileKind[] = [depositProofKind];
