import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Files } from '../platform/files/files.ts';
import { takeUpload } from '../platform/files/upload.ts';
import { kycDocumentKind, kycSignatureKind } from './files.ts';
import type { Kyc } from './kyc.ts';

/** A person's identity verification: uploads, the submission, its state. */
export function kycRoutes(r: Registrar, kyc: Kyc, files: Files): void {
  const uploads = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  r.stream(
    routes.uploadKycImage,
    takeUpload(kycDocumentKind, async (bytes, ctx) => ({
      fileId: await files.store({ owner: ctx.session.userId, kind: kycDocumentKind.kind, bytes }),
    })),
    uploads,
  );
  r.stream(
    routes.uploadKycSignature,
    takeUpload(kycSignatureKind, async (bytes, ctx) => ({
      fileId: await files.store({ owner: ctx.session.userId, kind: kycSignatureKind.kind, bytes }),
    })),
    uploads,
  );
  r.route(routes.identification, async ({ body }, ctx) => ({
    id: (await kyc.submit(ctx.session.userId, body)).id,
    status: 'pending' as const,
    message: Code.submittedForReview,
  }));
  r.route(routes.getKycStatus, async (_input, ctx) => kyc.state(ctx.session.userId));
}
