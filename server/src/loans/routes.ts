import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { Files } from '../platform/files/files.ts';
import { takeUpload } from '../platform/files/upload.ts';
import { loanSignatureKind } from './files.ts';
import type { Loans } from './loans.ts';
import type { LoanProducts } from './products.ts';
import type { LoanReview } from './review.ts';

/** A person's loans, and the public product list. */
export function loansRoutes(
  r: Registrar,
  loans: Loans,
  products: LoanProducts,
  files: Files,
): void {
  r.route(routes.listLoanProducts, async (_input, ctx) => ({
    ...(await products.list(false)),
    personalMax: await loans.personalMax(ctx.session?.userId),
    timeZone: loans.timeZone,
  }));
  r.route(routes.loanAgreement, async ({ query }, ctx) =>
    loans.agreement(ctx.session.userId, query),
  );
  r.stream(
    routes.uploadLoanSignature,
    takeUpload(loanSignatureKind, async (bytes, ctx) => ({
      fileId: await files.store({ owner: ctx.session.userId, kind: loanSignatureKind.kind, bytes }),
    })),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
  r.route(routes.loan, async ({ body }, ctx) => loans.apply(ctx.session.userId, ctx.book, body));
  r.route(routes.listLoanRecord, async ({ query }, ctx) => loans.list(ctx.session.userId, query));
  r.route(routes.getLoan, async ({ params }, ctx) => loans.get(ctx.session.userId, params.id));
  r.route(routes.repayLoan, async ({ body }, ctx) => loans.repay(ctx.session.userId, body.id));
  r.file(routes.loanAgreementPdf, async ({ params }, ctx) => {
    const { userId, user } = ctx.session;
    return {
      type: 'application/pdf',
      filename: `loan-${params.id}-agreement.pdf`,
      body: Buffer.from(await loans.agreementPdf(userId, params.id, user.username)),
    };
  });
}

/** Products, the lending account and the application queue in the back office. */
export function loansAdminRoutes(
  r: Registrar,
  loans: Loans,
  products: LoanProducts,
  review: LoanReview,
): void {
  const withZone = async (p: Awaited<ReturnType<LoanProducts['list']>>) => ({
    ...p,
    personalMax: null,
    timeZone: loans.timeZone,
  });
  r.route(routes.adminListLoanProducts, async () => withZone(await products.list(true)));
  r.route(routes.saveLoanProduct, async ({ body }, ctx) => products.save(ctx.staff, body));
  r.route(routes.fundLending, async ({ body }, ctx) =>
    withZone(await products.fund(ctx.staff, body)),
  );
  r.route(routes.listLoanQueue, async ({ query }) => review.queue(query));
  r.route(routes.claimLoan, async ({ body }, ctx) => review.claim(ctx.staff, body.id));
  r.route(routes.reviewLoan, async ({ body }, ctx) => review.decide(ctx.staff, body));
}
