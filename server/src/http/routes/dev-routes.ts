import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code } from '../../../../contract/errors.ts';
import type { OutboxSender } from '../../platform/notify/outbox-sender.ts';
import { AppError } from '../../errors.ts';

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
