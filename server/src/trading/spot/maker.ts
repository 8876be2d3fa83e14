import { randomUUID } from 'node:crypto';
import type { Book } from '../../../../contract/envelope.ts';
import { assert } from '../../assert.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { toUnits } from '../../money/decimal.ts';
import type { Instruments } from '../instruments.ts';
import type { Desk, Placement } from './desk.ts';
import { spotKey } from './transfers.ts';

/**
 * What the platform's market maker is given once per book, from the house (real) or the demo
 * faucet (demo): its inventory. It never receives more by itself; when a side is spent it
 * stops quoting that side (docs/spot.md).
 */
export const MAKER_SEED: Readonly<Record<string, string>> = {
  USDT: '2000000',
  BTC: '20',
  ETH: '400',
  USDC: '1000000',
};

/** The platform market maker's settings for one pair (docs/spot.md; staff set them). */
export interface MakerSettings {
  readonly levels: number;
  readonly spreadBps: number;
  readonly stepBps: number;
  /** Quote coin value of each level, in quote units. */
  readonly levelValue: bigint;
}

function sameSettings(a: MakerSettings, b: MakerSettings): boolean {
  return (
    a.levels === b.levels &&
    a.spreadBps === b.spreadBps &&
    a.stepBps === b.stepBps &&
    a.levelValue === b.levelValue
  );
}

/** The ladder a desk's quotes were last priced from, and with what settings. */
interface Quoted {
  price: string;
  ts: number;
  placed: number;
  settings: MakerSettings;
}

/**
 * The platform market maker: a few post-only levels each side around the feed's price, from
 * its own ledger balances, renewed when the feed has moved a step or a level was taken. Its
 * orders are ordinary orders marked as the platform's, so the depth shows who trades.
 */
export class MarketMaker {
  private readonly quoted = new Map<Desk, Quoted>();

  constructor(
    private readonly deps: {
      userId: number;
      ledger: Ledger;
      instruments: Instruments;
    },
  ) {}

  get userId(): number {
    return this.deps.userId;
  }

  /** Funds the maker's inventory in `book`, once (a replay of the same key does nothing). */
  async seed(book: Book): Promise<void> {
    for (const [asset, amount] of Object.entries(MAKER_SEED)) {
      await this.deps.ledger.transfer({
        key: spotKey.makerSeed(book, asset),
        asset,
        book,
        legs: [
          {
            from: { platform: book === 'demo' ? 'demo_faucet' : 'house' },
            to: { user: this.deps.userId, purpose: 'available' },
            amount: toUnits(amount, this.deps.ledger.scaleOf(asset)),
            kind: 'spot_maker_funding',
          },
        ],
      });
    }
  }

  /**
   * Renews `desk`'s quotes when the feed moved at least a step since they were priced, one was
   * taken or its settings changed; without a feed price it withdraws them (it quotes only
   * around the feed).
   */
  async quote(desk: Desk, settings: MakerSettings): Promise<void> {
    const pair = desk.pair;
    const feed = this.deps.instruments.byCode(pair.code)?.last;
    const mine = desk.ordersOf(this.userId).length;
    const last = this.quoted.get(desk);
    if (feed === undefined || settings.levels === 0) {
      if (mine > 0) await desk.requote(this.userId, []);
      this.quoted.delete(desk);
      return;
    }
    if (
      last !== undefined &&
      mine === last.placed &&
      sameSettings(last.settings, settings) &&
      !this.movedAStep(last.price, feed.price, settings.stepBps)
    ) {
      return;
    }
    const placements: Placement[] = [];
    for (let i = 0; i < settings.levels; i++) {
      const away = settings.spreadBps + i * settings.stepBps;
      for (const side of ['buy', 'sell'] as const) {
        const ticks = pair.ticksAround(
          feed.price,
          side === 'buy' ? -away : away,
          side === 'buy' ? 'down' : 'up',
        );
        if (ticks <= 0) continue;
        const lots = pair.lotsFor(settings.levelValue, ticks);
        if (lots <= 0) continue;
        placements.push({
          userId: this.userId,
          requestKey: `maker-${randomUUID()}`,
          bodyHash: 'platform',
          side,
          type: 'limit',
          tif: 'post_only',
          priceTicks: ticks,
          lots,
          platform: true,
          ref: { price: feed.price, ts: feed.ts },
        });
      }
    }
    const placed = await desk.requote(this.userId, placements);
    this.quoted.set(desk, { price: feed.price, ts: feed.ts, placed, settings });
  }

  /** Whether it has quotes out on `desk` (a tick then keeps them honest). */
  hasQuoted(desk: Desk): boolean {
    return this.quoted.has(desk);
  }

  /**
   * On a tick: renews `desk`'s quotes when the feed moved a step from where they were priced.
   * The requote is queued on the desk before this returns its promise, so no order that
   * arrives after the tick can meet the old quotes.
   */
  followFeed(desk: Desk, settings: MakerSettings): Promise<void> {
    const last = this.quoted.get(desk);
    const feed = this.deps.instruments.byCode(desk.pair.code)?.last;
    if (last === undefined || feed === undefined) return Promise.resolve();
    if (!this.movedAStep(last.price, feed.price, settings.stepBps)) return Promise.resolve();
    return this.quote(desk, settings);
  }

  forget(): void {
    this.quoted.clear();
  }

  private movedAStep(from: string, to: string, stepBps: number): boolean {
    const scale = 18;
    const a = toUnits(from, scale);
    const b = toUnits(to, scale);
    assert(a > 0n, () => `quoted at ${from}`);
    const diff = a > b ? a - b : b - a;
    return diff * 10_000n >= a * BigInt(stepBps);
  }
}
