import type { Book } from '../../../../contract/envelope.ts';
import type { SpotBookFrame } from '../../../../contract/spot/frames.ts';
import { SPOT_LIMITS } from '../../../../contract/spot/schemas.ts';
import type { Channels } from '../../platform/bus/channels.ts';
import type { Engine } from '../../platform/engine-host.ts';
import { Desk, type DeskHooks } from './desk.ts';
import type { EngineLimits } from './engine/types.ts';
import type { MakerSettings, MarketMaker } from './maker.ts';
import type { Pair } from './pairs.ts';
import type { SpotStore } from './store.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { Instruments } from '../instruments.ts';

export const BOOKS: readonly Book[] = ['demo', 'real'];

/** Book frames per desk at most this often: a burst of orders becomes one frame. */
const FRAME_MS = 100;
/** Every book is sent again this often, so a node that joined (or missed a frame) catches up. */
const HEARTBEAT_MS = 3000;

export const deskKey = (book: Book, code: string) => `${book}:${code}`;

/**
 * The matching engines of every pair and book, run by the elected node (platform/engine-host):
 * on lead each desk is rebuilt from the open orders, the market maker funded and started; on
 * follow they stop, and whichever node leads next rebuilds from what committed.
 */
export class SpotDesks implements Engine {
  readonly name = 'spot';
  private desks = new Map<string, Desk>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private quoting: Promise<void> = Promise.resolve();
  private readonly frameTimers = new Map<string, NodeJS.Timeout>();
  private leading = false;
  /** The settings of the market maker's last round, which a tick requotes with. */
  private settings: ReadonlyMap<string, MakerSettings> = new Map();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      pairs: () => ReadonlyMap<string, Pair>;
      ledger: Ledger;
      store: SpotStore;
      channels: Channels;
      instruments: Instruments;
      maker: () => MarketMaker;
      /** Every pair's market maker settings, read each round (staff change them on any node). */
      makerSettings: () => Promise<ReadonlyMap<string, MakerSettings>>;
      limits: EngineLimits;
      fees: DeskHooks['fees'];
      /** Every tick this node applies, in order (the maker follows the feed tick by tick). */
      onTicks: (listener: (ticks: readonly { code: string }[]) => void) => () => void;
      /** Someone's orders changed (their user channel). */
      ordersChanged: (orders: readonly { userId: number; id: number }[]) => void;
      notify: DeskHooks['notify'];
      /** How often the market maker checks its quotes; 0: it does not quote. */
      quoteMs: number;
    },
  ) {}

  get isLeading(): boolean {
    return this.leading;
  }

  desk(book: Book, code: string): Desk | undefined {
    return this.leading ? this.desks.get(deskKey(book, code)) : undefined;
  }

  all(): Desk[] {
    return [...this.desks.values()];
  }

  async lead(): Promise<void> {
    const desks = new Map<string, Desk>();
    const hooks: DeskHooks = {
      fees: this.deps.fees,
      feedPrice: (code) => this.deps.instruments.byCode(code)?.last?.price,
      changed: (book, code, orders) => {
        this.deps.ordersChanged(orders);
        this.frameSoon(book, code);
      },
      notify: this.deps.notify,
    };
    for (const book of BOOKS) {
      for (const pair of this.deps.pairs().values()) {
        const desk = new Desk(book, pair, {
          ledger: this.deps.ledger,
          store: this.deps.store,
          limits: this.deps.limits,
          hooks,
        });
        await desk.rebuild();
        desks.set(deskKey(book, pair.code), desk);
      }
    }
    this.desks = desks;
    this.leading = true;
    for (const desk of desks.values()) this.publish(desk);
    this.heartbeat = setInterval(() => {
      for (const desk of this.desks.values()) this.publish(desk);
    }, HEARTBEAT_MS);
    const maker = this.deps.maker();
    for (const book of BOOKS) await maker.seed(book);
    this.unsubscribe = this.deps.onTicks((ticks) => this.onTicks(ticks));
    if (this.deps.quoteMs > 0) {
      this.timer = setInterval(() => {
        this.quoting = this.quoting.then(() => this.quoteAll());
      }, this.deps.quoteMs);
      this.quoting = this.quoting.then(() => this.quoteAll());
    }
  }

  async follow(): Promise<void> {
    this.leading = false;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    this.timer = undefined;
    this.heartbeat = undefined;
    for (const t of this.frameTimers.values()) clearTimeout(t);
    this.frameTimers.clear();
    await this.quoting;
    await Promise.all([...this.desks.values()].map((d) => d.idle()));
    this.deps.maker().forget();
    this.desks = new Map();
  }

  /**
   * The feed moved: the market maker's quotes on that pair move (or are pulled) on this very
   * tick, queued on each desk before any order that arrives after it, rather than at its next
   * round: quotes a round late were a free trade for whoever bought from them after a jump.
   */
  private onTicks(ticks: readonly { code: string }[]): void {
    if (!this.leading) return;
    const maker = this.deps.maker();
    for (const code of new Set(ticks.map((t) => t.code))) {
      const settings = this.settings.get(code);
      if (settings === undefined) continue;
      for (const book of BOOKS) {
        const desk = this.desks.get(deskKey(book, code));
        if (desk === undefined || !maker.hasQuoted(desk)) continue;
        maker.followFeed(desk, settings).catch((err: Error) => {
          console.error(`spot maker ${book} ${code} on a tick:`, err.message);
        });
      }
    }
  }

  /** One round of the market maker over every desk (tests call it directly). */
  async quoteAll(): Promise<void> {
    const maker = this.deps.maker();
    let settings: ReadonlyMap<string, MakerSettings>;
    try {
      settings = await this.deps.makerSettings();
    } catch (err) {
      console.error('spot maker settings:', (err as Error).message);
      return;
    }
    this.settings = settings;
    for (const desk of this.desks.values()) {
      if (!this.leading) return;
      const mine = settings.get(desk.pair.code);
      if (mine === undefined) continue;
      try {
        await maker.quote(desk, mine);
      } catch (err) {
        console.error(`spot maker ${desk.book} ${desk.pair.code}:`, (err as Error).message);
      }
    }
  }

  /** The desk's book as the socket and the book call show it. */
  frameOf(desk: Desk): SpotBookFrame {
    const { pair } = desk;
    const depth = desk.depth(SPOT_LIMITS.depthLevels);
    const side = (levels: typeof depth.bids) => {
      let total = 0n;
      return levels.map((l) => {
        total += BigInt(l.qty);
        return {
          price: pair.priceOf(l.price),
          qty: pair.qtyOf(l.qty),
          total: pair.qtyOf(total),
          platformQty: pair.qtyOf(l.platformQty),
          orders: l.orders,
        };
      });
    };
    return {
      type: 'spot',
      code: pair.code,
      book: desk.book,
      bids: side(depth.bids),
      asks: side(depth.asks),
      trades: [...desk.recent],
      last: desk.last,
      feedPrice: this.deps.instruments.byCode(pair.code)?.last?.price ?? null,
      seq: desk.seq,
    };
  }

  private frameSoon(book: Book, code: string): void {
    const key = deskKey(book, code);
    if (this.frameTimers.has(key)) return;
    this.frameTimers.set(
      key,
      setTimeout(() => {
        this.frameTimers.delete(key);
        const desk = this.desks.get(key);
        if (desk !== undefined && this.leading) this.publish(desk);
      }, FRAME_MS),
    );
  }

  private publish(desk: Desk): void {
    this.deps.channels.publish('spot.book', this.frameOf(desk));
  }
}
