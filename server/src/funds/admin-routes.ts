import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import { fileAnswer } from '../platform/files/serve.ts';
import type { FundsServices } from './services.ts';

/** The back office's money screens: review queues, proofs, users, their ledgers, adjustments. */
export function fundsAdminRoutes(r: Registrar, s: FundsServices): void {
  r.route(routes.listDepositQueue, async ({ query }) => s.deposits.queue(query));
  r.route(routes.claimDeposit, async ({ body }, ctx) => s.deposits.claim(ctx.staff, body.id));
  r.route(routes.reviewDeposit, async ({ body }, ctx) => s.deposits.review(ctx.staff, body));
  r.route(routes.listWithdrawalQueue, async ({ query }) => s.withdrawals.queue(query));
  r.route(routes.claimWithdrawal, async ({ body }, ctx) => s.withdrawals.claim(ctx.staff, body.id));
  r.route(routes.reviewWithdrawal, async ({ body }, ctx) => s.withdrawals.review(ctx.staff, body));
  r.route(routes.searchUsers, async ({ query }) => s.backOffice.searchUsers(query));
  r.route(routes.getUserLedger, async ({ query }) => s.backOffice.userLedger(query));
  r.route(routes.adjustBalance, async ({ body }, ctx) => s.backOffice.adjust(ctx.staff, body));
  r.file(routes.getProof, async ({ params }, ctx) =>
    fileAnswer(await s.proofs.read(params.id, ctx.staff)),
  );
}
