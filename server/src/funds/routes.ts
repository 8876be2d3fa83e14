import { getAddress } from 'viem';
import { Code } from '../../../contract/errors.ts';
import { routes } from '../../../contract/routes.ts';
import { AppError } from '../errors.ts';
import type { Registrar } from '../http/register-route.ts';
import { takeUpload } from '../platform/files/upload.ts';
import { CHAIN_NETWORK } from './chain-deposits.ts';
import { depositProofKind } from './files.ts';
import type { FundsServices } from './services.ts';

/** Balances, deposits, withdrawals, records and the demo book (SPEC §7 order paths). */
export function fundsRoutes(r: Registrar, s: FundsServices): void {
  r.route(routes.listFundingOptions, async () => ({
    options: await s.networks.list(),
    withdrawFeeRate: await s.withdrawals.feeRate(),
  }));
  r.stream(
    routes.uploadProof,
    takeUpload(depositProofKind, async (upload, ctx) => ({
      proofId: await s.proofs.save(ctx.session.userId, upload),
    })),
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
  r.route(routes.depositAddress, async ({ body }, ctx) =>
    s.deposits.address(ctx.session.userId, ctx.book, body),
  );
  r.route(routes.recharge, async ({ body }, ctx) => ({
    ...(await s.deposits.create(ctx.session.userId, ctx.book, body)),
    message: Code.rechargeSubmitted,
  }));
  r.route(
    routes.findChainTransfers,
    async ({ query }, ctx) => {
      const user = ctx.session.userId;
      if (s.chainDeposits === undefined)
        throw new AppError(Code.chainUnavailable, { field: 'asset' });
      const option = await s.networks.forDeposit(query.asset, CHAIN_NETWORK);
      const from = query.from === undefined ? undefined : getAddress(query.from);
      return { list: await s.chainDeposits.findTransfers(user, option, from) };
    },
    // Each call reads the chain (ETH scans blocks): keep it to what a person would tap.
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );
  r.route(routes.withdrawal, async ({ body }, ctx) => ({
    ...(await s.withdrawals.create(ctx.session.userId, ctx.book, body)),
    message: Code.withdrawalSubmitted,
  }));
  r.route(routes.listRecharge, async ({ query }, ctx) =>
    s.deposits.list(ctx.session.userId, query),
  );
  r.route(routes.listWithdrwal, async ({ query }, ctx) =>
    s.withdrawals.list(ctx.session.userId, query),
  );
  r.route(routes.listBalance, async (_input, ctx) => {
    const user = ctx.session.userId;
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    return s.balances.of(user, ctx.book);
  });
  r.route(routes.getAssestInfo, async ({ params }, ctx) => {
    const user = ctx.session.userId;
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    const all = await s.balances.of(user, ctx.book);
    const one = all.assets.find((a) => a.asset === params.id);
    if (one === undefined) throw new AppError(Code.assetWrong, { field: 'id' });
    return one;
  });
  r.route(routes.listTransactions, async ({ query }, ctx) => {
    const user = ctx.session.userId;
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    return s.balances.transactions(user, ctx.book, query);
  });
  r.route(routes.resetDemo, async (_input, ctx) => {
    const user = ctx.session.userId;
    await s.demoBook.reset(user);
    return s.balances.of(user, 'demo');
  });
}
