import { z } from 'zod';
import { CLOSE_REASONS, OPTION_OUTCOMES, SIDES } from './schemas.ts';

/** The book the order lives in: a demo close is told too, and opens in the demo book. */
const book = z.enum(['real', 'demo']);

/** A signed decimal as the ledger wrote it (a profit may be negative). */
const signedAmount = z.string().regex(/^-?\d{1,20}(\.\d{1,18})?$/);
const amount = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/);
const code = z.string().regex(/^[A-Z0-9]{1,20}$/);
const id = z.number().int().positive();

/**
 * The trading capability's notices (contract/notifications/schemas.ts merges every
 * capability's): what the person is told, with the figures the ledger wrote; the app words it.
 */
export const tradingNotices = [
  z.object({
    kind: z.literal('trading.position-closed'),
    book,
    orderId: id,
    code,
    side: z.enum(SIDES),
    reason: z.enum(CLOSE_REASONS).exclude(['liquidation']),
    profit: signedAmount,
  }),
  /** Apart from other closes, so that it cannot be switched off (money-critical). */
  z.object({
    kind: z.literal('trading.liquidated'),
    book,
    orderId: id,
    code,
    side: z.enum(SIDES),
    profit: signedAmount,
  }),
  /** A limit order reached its price and opened. */
  z.object({
    kind: z.literal('trading.order-opened'),
    book,
    orderId: id,
    code,
    side: z.enum(SIDES),
  }),
  z.object({
    kind: z.literal('trading.option-settled'),
    book,
    optionId: id,
    code,
    outcome: z.enum(OPTION_OUTCOMES),
    paid: amount,
  }),
] as const;

/** Kinds a person cannot switch off. */
export const TRADING_MANDATORY = ['trading.liquidated'] as const;
