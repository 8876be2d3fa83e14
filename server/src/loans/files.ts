import { Code } from '../../../contract/errors.ts';
import type { FileKind } from '../platform/files/kinds.ts';

/** The signature under a loan agreement: reviewers and admins see it (each read audited). */
export const loanSignatureKind: FileKind = {
  kind: 'loans.signature',
  staffRoles: ['admin', 'reviewer'],
  bytesMax: 512 * 1024,
  missingCode: Code.agreementNotSigned,
};

export const loansFileKinds: readonly FileKind[] = [loanSignatureKind];
