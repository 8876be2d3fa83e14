import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { decimalText } from '../../../../contract/common/amounts.ts';
import { Code } from '../../../../contract/errors.ts';
import type { MarketService } from '../../market/market-service.ts';
import type { OutboxSender } from '../../platform/notify/outbox-sender.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../platform/clock.ts';

const outboxQuery = z.object({
  to: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});

/** GET /dev/outbox: the local outbox's newest messages (development only, never production). */
export function devRoutes(app: FastifyInstance, outbox: OutboxSender): void {
  app.get('/dev/outbox', async (request) => {
    const q = outboxQuery.safeParse(request.query);
    if (!q.success) throw new AppError(Code.badRequest);
    return { code: Code.ok, result: await outbox.read(q.data.limit, q.data.to?.toLowerCase()) };
  });
}

const tickBody = z
  .object({
    code: z.string().regex(/^[A-Z0-9]{2,20}$/),
    price: decimalText({ whole: 12, decimals: 12 }),
  })
  .strict();

/**
 * POST /dev/ticks: one tick at the named price, now, through the feed's own checks
 * (DEV_FEED_ROUTE, never in production). Browser tests move a price with it instead of waiting
 * on the simulator.
 */
export function devFeedRoutes(app: FastifyInstance, market: MarketService): void {
  app.post('/dev/ticks', async (request) => {
    const body = tickBody.safeParse(request.body);
    if (!body.success) throw new AppError(Code.badRequest);
    const before = market.stats.ticks;
    market.ingest([{ code: body.data.code, price: body.data.price, volume: '0', ts: Date.now() }]);
    return { code: Code.ok, result: { accepted: market.stats.ticks > before } };
  });
}

const clockBody = z.union([
  z.object({ days: z.number().int().min(1).max(400) }).strict(),
  z
    .object({
      minutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
    })
    .strict(),
]);

/**
 * POST /dev/clock: moves the jobs' clock (and the plans', loans' and sales') forward by whole
 * days or minutes and runs the jobs now due (DEV_CLOCK_ROUTE, never in production). Browser
 * tests see a day's yield, or an auction's end.
 */
export function devClockRoutes(
  app: FastifyInstance,
  clock: Clock,
  jobs: { runDue(): Promise<void> },
): void {
  app.post('/dev/clock', async (request) => {
    const body = clockBody.safeParse(request.body);
    if (!body.success) throw new AppError(Code.badRequest);
    const ms = 'days' in body.data ? body.data.days * 86_400_000 : body.data.minutes * 60_000;
    clock.advance(ms);
    await jobs.runDue();
    return { code: Code.ok, result: { now: new Date(clock.now()).toISOString() } };
  });
}
