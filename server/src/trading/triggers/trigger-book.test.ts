import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvariantError } from '../../assert.ts';
import { LinearTriggers } from './linear-triggers.ts';
import {
  MAX_PRICE,
  TriggerBook,
  type Crossing,
  type Quote,
  type QuoteSide,
  type Trigger,
  type TriggerKind,
  type TriggerLimits,
  type Triggers,
} from './trigger-book.ts';

const KINDS: TriggerKind[] = ['limit_open', 'take_profit', 'stop_loss', 'liquidation'];
const SIDES: QuoteSide[] = ['bid', 'ask'];
const CROSSINGS: Crossing[] = ['at_or_below', 'at_or_above'];
const INSTRUMENTS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const ORDERS = 50;
const ids = Array.from({ length: ORDERS + 1 }, (_, i) => i); // 0 is never held

const engines: [string, (limits: TriggerLimits) => Triggers][] = [
  ['TriggerBook', (limits) => new TriggerBook(limits)],
  ['LinearTriggers', (limits) => new LinearTriggers(limits)],
];

function trigger(orderId: number, kind: TriggerKind, over: Partial<Trigger> = {}): Trigger {
  return {
    orderId,
    kind,
    instrument: 'BTCUSDT',
    side: 'bid',
    when: 'at_or_below',
    price: 100n,
    ...over,
  };
}

describe.each(engines)('%s', (_name, make) => {
  it("fires a long's stop loss and liquidation, crossed by one gap, once as stop_loss", () => {
    const book = make({ maxTriggers: 10 });
    book.add(trigger(7, 'take_profit', { when: 'at_or_above', price: 6_100_000n }));
    book.add(trigger(7, 'stop_loss', { price: 5_900_000n }));
    book.add(trigger(7, 'liquidation', { price: 5_800_000n }));
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 6_000_000n, ask: 6_000_100n })).toEqual([]);
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 5_700_000n, ask: 5_700_100n })).toEqual([
      { orderId: 7, kind: 'stop_loss', price: 5_900_000n },
    ]);
    expect(book.size).toBe(0);
    expect(book.has(7)).toBe(false);
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 5_000_000n, ask: 5_000_100n })).toEqual([]);
  });

  it('leaves other instruments untouched', () => {
    const book = make({ maxTriggers: 10 });
    book.add(trigger(1, 'stop_loss', { instrument: 'ETHUSDT', price: 300_000n }));
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 1n, ask: 2n })).toEqual([]);
    expect(book.has(1)).toBe(true);
    expect(book.size).toBe(1);
  });

  it('fires ties at one price together, sorted by order id, watching the right side', () => {
    const book = make({ maxTriggers: 10 });
    book.add(trigger(9, 'take_profit', { side: 'ask', when: 'at_or_below', price: 50n }));
    book.add(trigger(3, 'stop_loss', { side: 'ask', when: 'at_or_below', price: 50n }));
    book.add(trigger(5, 'liquidation', { side: 'ask', when: 'at_or_below', price: 50n }));
    // The bid crosses, the ask does not: nothing fires.
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 40n, ask: 51n })).toEqual([]);
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: 40n, ask: 50n })).toEqual([
      { orderId: 3, kind: 'stop_loss', price: 50n },
      { orderId: 5, kind: 'liquidation', price: 50n },
      { orderId: 9, kind: 'take_profit', price: 50n },
    ]);
  });

  it('refuses a trigger over the limit', () => {
    const book = make({ maxTriggers: 2 });
    book.add(trigger(1, 'take_profit'));
    book.add(trigger(2, 'take_profit'));
    expect(() => book.add(trigger(3, 'take_profit'))).toThrow(InvariantError);
    expect(book.size).toBe(2);
    expect(book.has(3)).toBe(false);
  });

  it('refuses a second trigger of one kind for an order and a price out of range', () => {
    const book = make({ maxTriggers: 10 });
    book.add(trigger(1, 'stop_loss'));
    expect(() => book.add(trigger(1, 'stop_loss', { price: 90n }))).toThrow(InvariantError);
    expect(() => book.add(trigger(2, 'stop_loss', { price: 0n }))).toThrow(InvariantError);
    const tooHigh = MAX_PRICE + 1n;
    expect(() => book.add(trigger(2, 'stop_loss', { price: tooHigh }))).toThrow(InvariantError);
    book.add(trigger(2, 'stop_loss', { price: MAX_PRICE }));
    // At the top of the range, order 2 is crossed and order 1 (at or below 100) is not.
    expect(book.onQuote({ instrument: 'BTCUSDT', bid: MAX_PRICE, ask: MAX_PRICE })).toEqual([
      { orderId: 2, kind: 'stop_loss', price: MAX_PRICE },
    ]);
    book.add(trigger(3, 'stop_loss', { price: 90n }));
    book.add(trigger(3, 'liquidation', { price: 80n }));
    expect(book.size).toBe(3);
    expect(book.remove(3)).toBe(2);
    expect(book.remove(3)).toBe(0);
    expect(book.size).toBe(1);
  });
});

type Command =
  | {
      t: 'add';
      orderId: number;
      kind: TriggerKind;
      side: QuoteSide;
      when: Crossing;
      offset: number;
      stray: string | null;
    }
  | { t: 'remove'; orderId: number }
  | { t: 'quote'; instrument: string; move: { step: number } | { jump: number }; spread: number };

const orderId = fc.integer({ min: 1, max: ORDERS });
const instrument = fc.constantFrom(...INSTRUMENTS);
const TOP = 60;
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constant('add' as const),
      orderId,
      kind: fc.constantFrom(...KINDS),
      side: fc.constantFrom(...SIDES),
      when: fc.constantFrom(...CROSSINGS),
      // How far from the watched quote, on the side where it waits; a few are crossed already.
      offset: fc.integer({ min: -2, max: 8 }),
      // An order's triggers are on its own instrument, as in trading, bar a few strays.
      stray: fc.option(instrument, { freq: 10 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('remove' as const), orderId }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('quote' as const),
      instrument,
      // Mostly small steps of a walk, so triggers pile up and tie, and now and then a gap.
      move: fc.oneof(
        { weight: 4, arbitrary: fc.record({ step: fc.integer({ min: -3, max: 3 }) }) },
        { weight: 1, arbitrary: fc.record({ jump: fc.integer({ min: 1, max: TOP }) }) },
      ),
      spread: fc.integer({ min: 0, max: 3 }),
    }),
  },
);

function attempt(run: () => void): string {
  try {
    run();
    return 'ok';
  } catch (err) {
    return err instanceof InvariantError ? 'refused' : `threw ${String(err)}`;
  }
}

describe('TriggerBook against LinearTriggers (property)', () => {
  it('gives the same results for any command sequence', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 * ORDERS }),
        fc.array(command, { minLength: 1, maxLength: 150, size: 'max' }),
        (maxTriggers, commands) => {
          const book = new TriggerBook({ maxTriggers });
          const model = new LinearTriggers({ maxTriggers });
          const quotes = new Map<string, Quote>();
          const quoteOf = (i: string) => quotes.get(i) ?? { instrument: i, bid: 30n, ask: 31n };
          for (const c of commands) {
            if (c.t === 'add') {
              const instrument = c.stray ?? (INSTRUMENTS[c.orderId % INSTRUMENTS.length] as string);
              const watched = quoteOf(instrument)[c.side];
              const offset = BigInt(c.offset);
              const price = c.when === 'at_or_below' ? watched - offset : watched + offset;
              // Near the bottom of the walk a price may be <= 0: both must refuse it.
              const { orderId, kind, side, when } = c;
              const t: Trigger = { orderId, kind, instrument, side, when, price };
              expect(attempt(() => book.add(t))).toBe(attempt(() => model.add(t)));
            } else if (c.t === 'remove') {
              expect(book.remove(c.orderId)).toBe(model.remove(c.orderId));
            } else {
              const last = Number(quoteOf(c.instrument).bid);
              const moved = 'jump' in c.move ? c.move.jump : last + c.move.step;
              const bid = BigInt(Math.min(TOP, Math.max(1, moved)));
              const q = { instrument: c.instrument, bid, ask: bid + BigInt(c.spread) };
              quotes.set(c.instrument, q);
              expect(book.onQuote(q)).toEqual(model.onQuote(q));
            }
            book.checkInvariants();
            expect(book.size).toBe(model.size);
            expect(ids.filter((id) => book.has(id))).toEqual(ids.filter((id) => model.has(id)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
