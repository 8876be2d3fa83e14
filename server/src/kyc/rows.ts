import {
  kycPersonal,
  KYC_PARTS,
  KYC_REJECT_REASONS,
  type DOC_TYPES,
  type KycPersonal,
} from '../../../contract/kyc/schemas.ts';
import { assert } from '../assert.ts';

/** A kyc_submissions row as `COLUMNS` reads it. */
export interface SubmissionRow {
  id: number;
  user_id: number;
  username: string;
  request_key: string;
  body_hash: string | null;
  status: 'pending' | 'verified' | 'rejected';
  personal: unknown;
  doc_type: (typeof DOC_TYPES)[number];
  front_id: string | null;
  back_id: string | null;
  selfie_id: string | null;
  signature_id: string | null;
  rejected: unknown;
  note: string | null;
  submitted_at: Date;
  decided_at: Date | null;
}

export const COLUMNS = `k.id, k.user_id, (select username from users u where u.id = k.user_id) as username,
  k.request_key, k.body_hash, k.status, k.personal, k.doc_type, k.front_id, k.back_id,
  k.selfie_id, k.signature_id, k.rejected, k.note, k.submitted_at, k.decided_at`;

type Rejection = {
  part: (typeof KYC_PARTS)[number];
  reasonCode: (typeof KYC_REJECT_REASONS)[number];
};

function rejections(value: unknown): Rejection[] {
  assert(Array.isArray(value), 'kyc rejected is not a list');
  return value.map((r: unknown) => {
    const { part, reasonCode } = r as Rejection;
    assert(KYC_PARTS.includes(part) && KYC_REJECT_REASONS.includes(reasonCode), 'kyc rejection');
    return { part, reasonCode };
  });
}

/** A submission as staff and the person see it; what was stored is checked as it is read. */
export function toItem(r: SubmissionRow) {
  const personal: KycPersonal = kycPersonal.parse(r.personal);
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    username: r.username,
    status: r.status,
    submittedAt: new Date(r.submitted_at).toISOString(),
    decidedAt: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
    personal,
    docType: r.doc_type,
    files: { front: r.front_id, back: r.back_id, selfie: r.selfie_id, signature: r.signature_id },
    rejected: rejections(r.rejected),
    note: r.note,
  };
}
