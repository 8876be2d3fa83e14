import type { FastifyError, FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { Code } from '../../../../contract/errors.ts';
import { FUNDS_LIMITS } from '../../../../contract/funds/schemas.ts';
import { routes } from '../../../../contract/routes.ts';
import { CHAIN_NETWORK } from '../../funds/chain-deposits.ts';
import type { Services } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { registerRoute } from '../register-route.ts';
import type { RequestContext } from '../request-context.ts';

function userOf(ctx: RequestContext): number {
  if (ctx.session === undefined) throw new AppError(Code.unauthorized, null, 401);
  return ctx.session.userId;
}

/** Proof uploads: raw image bytes, up to 2 MB, in their own scope with their own parser. */
function proofUploadRoute(app: FastifyInstance, s: Services): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: FUNDS_LIMITS.proofBytesMax },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((err: FastifyError | AppError, _request, reply) => {
      if (!(err instanceof AppError) && err.statusCode === 413) {
        return reply.status(413).send({ code: Code.imageTooLarge, result: null });
      }
      throw err;
    });
    registerRoute(
      scope,
      s,
      routes.uploadProof,
      async (_input, ctx) => ({
        proofId: await s.proofs.save(userOf(ctx), ctx.rawBody ?? Buffer.alloc(0)),
      }),
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    );
  });
}

export function fundsRoutes(app: FastifyInstance, s: Services): void {
  registerRoute(app, s, routes.listFundingOptions, async () => ({
    options: await s.networks.list(),
    withdrawFeeRate: await s.withdrawals.feeRate(),
  }));
  proofUploadRoute(app, s);
  registerRoute(app, s, routes.depositAddress, async ({ body }, ctx) =>
    s.deposits.address(userOf(ctx), ctx.book, body),
  );
  registerRoute(app, s, routes.recharge, async ({ body }, ctx) => ({
    ...(await s.deposits.create(userOf(ctx), ctx.book, body)),
    message: Code.rechargeSubmitted,
  }));
  registerRoute(
    app,
    s,
    routes.findChainTransfers,
    async ({ query }, ctx) => {
      const user = userOf(ctx);
      if (s.chainDeposits === undefined)
        throw new AppError(Code.chainUnavailable, { field: 'asset' });
      const option = await s.networks.forDeposit(query.asset, CHAIN_NETWORK);
      const from = query.from === undefined ? undefined : getAddress(query.from);
      return { list: await s.chainDeposits.findTransfers(user, option, from) };
    },
    // Each call reads the chain (ETH scans blocks): keep it to what a person would tap.
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );
  registerRoute(app, s, routes.withdrawal, async ({ body }, ctx) => ({
    ...(await s.withdrawals.create(userOf(ctx), ctx.book, body)),
    message: Code.withdrawalSubmitted,
  }));
  registerRoute(app, s, routes.listRecharge, async ({ query }, ctx) =>
    s.deposits.list(userOf(ctx), query),
  );
  registerRoute(app, s, routes.listWithdrwal, async ({ query }, ctx) =>
    s.withdrawals.list(userOf(ctx), query),
  );
  registerRoute(app, s, routes.listBalance, async (_input, ctx) => {
    const user = userOf(ctx);
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    return s.balances.of(user, ctx.book);
  });
  registerRoute(app, s, routes.getAssestInfo, async ({ params }, ctx) => {
    const user = userOf(ctx);
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    const all = await s.balances.of(user, ctx.book);
    const one = all.assets.find((a) => a.asset === params.id);
    if (one === undefined) throw new AppError(Code.assetWrong, { field: 'id' });
    return one;
  });
  registerRoute(app, s, routes.listTransactions, async ({ query }, ctx) => {
    const user = userOf(ctx);
    if (ctx.book === 'demo') await s.demoBook.ensureFunded(user);
    return s.balances.transactions(user, ctx.book, query);
  });
  registerRoute(app, s, routes.resetDemo, async (_input, ctx) => {
    const user = userOf(ctx);
    await s.demoBook.reset(user);
    return s.balances.of(user, 'demo');
  });
}
