import * as z from 'zod/mini';

const decimal = z.string().check(z.regex(/^\d{1,30}(\.\d{1,18})?$/));
const epochMs = z.number().check(z.int(), z.nonnegative());

/**
 * The market capability's live topics (contract/live.ts). `market.ticks`, keyed by instrument
 * code: every recorded tick of it, in time order, batched between sends.
 */
export const marketTopics = {
  'market.ticks': z.array(z.object({ price: decimal, volume: decimal, ts: epochMs })),
} as const;
export type TickBatch = z.infer<(typeof marketTopics)['market.ticks']>;
