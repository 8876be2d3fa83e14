import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Book, ErrorDetail } from '../../../../contract/envelope.ts';
import { Code, isCode, type CodeValue } from '../../../../contract/errors.ts';
import { bandBps } from '../../../../contract/spot/figures.ts';
import type { SpotBookFrame } from '../../../../contract/spot/frames.ts';
import {
  submitBody,
  type listBbOrderQuery,
  type SpotBook,
  type SpotOrder,
  type SpotOrderDetail,
  type SpotPair,
} from '../../../../contract/spot/schemas.ts';
import { percentToRate } from '../../../../contract/trading/formulas.ts';
import { AppError } from '../../errors.ts';
import type { Channels } from '../../platform/bus/channels.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import type { Instruments } from '../instruments.ts';
import type { ParamReader } from '../params.ts';
import { deskKey, type SpotDesks } from './desks.ts';
import { TwinKey, type FeeRates, type Placement } from './desk.ts';
import type { Pair } from './pairs.ts';
import { orderView, type OrderRow, type SpotStore } from './store.ts';
import { replayOf, requestHash } from '../../platform/request-replay.ts';

export type SubmitInput = z.output<typeof submitBody>;
type ListQuery = z.output<typeof listBbOrderQuery>;

/** A forwarded command waits this long for the leader before the caller hears "busy". */
const FORWARD_MS = 10_000;
/** Forwarded commands in flight from this node. */
const FORWARD_MAX = 5_000;
/** How long the fee rates read for the desks are used before they are read again. */
const FEES_MS = 1_000;

type Forwarded =
  | { op: 'submit'; userId: number; book: Book; body: SubmitInput }
  | { op: 'cancel'; userId: number; book: Book; id: number };

type Answer = { ok: true; order: SpotOrder } | { ok: false; code: CodeValue; detail?: ErrorDetail };

/**
 * Spot trading as the API sees it: checks an order against its pair (tick, lot, minimum, price
 * protection from the feed), hands it to the pair's desk on the engine leader (through the bus
 * from any other node), and reads orders, fills and books.
 */
export class Spot {
  private readonly node = randomUUID();
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (a: Answer) => void; timer: NodeJS.Timeout }
  >();
  /** The latest frame of every book, from the leader (this node included). */
  private readonly frames = new Map<string, SpotBookFrame>();
  private readonly unsubscribe: (() => void)[] = [];
  private feesRead: { at: number; rates: Promise<FeeRates> } | undefined;

  constructor(
    private readonly deps: {
      pairs: () => ReadonlyMap<string, Pair>;
      store: SpotStore;
      desks: SpotDesks;
      channels: Channels;
      instruments: Instruments;
      params: ParamReader;
      fundDemo(userId: number): Promise<void>;
    },
  ) {
    const { channels } = deps;
    this.unsubscribe.push(
      channels.subscribe('spot.book', (frame) => {
        const key = deskKey(frame.book, frame.code);
        const held = this.frames.get(key);
        if (held === undefined || held.seq <= frame.seq) this.frames.set(key, frame);
      }),
      channels.subscribe('spot.results', ({ node, id, payload }) => {
        if (node !== this.node) return;
        const waiting = this.pending.get(id);
        if (waiting === undefined) return;
        this.pending.delete(id);
        clearTimeout(waiting.timer);
        waiting.resolve(JSON.parse(payload) as Answer);
      }),
      channels.subscribe('spot.commands', ({ node, id, payload }) => {
        if (!deps.desks.isLeading) return;
        void this.serve(payload).then((answer) =>
          channels.publish('spot.results', { node, id, payload: JSON.stringify(answer) }),
        );
      }),
    );
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    for (const { timer, resolve } of this.pending.values()) {
      clearTimeout(timer);
      resolve({ ok: false, code: Code.busy });
    }
    this.pending.clear();
  }

  /**
   * The fee rates every batch of a desk settles at, read at most once a FEES_MS: a busy desk
   * does not wait for a pooled connection per batch, and a staff change applies within it
   * (each fill stores the fees it charged, so settlement stays recomputable).
   */
  async fees(): Promise<FeeRates> {
    const now = Date.now();
    if (this.feesRead === undefined || now - this.feesRead.at >= FEES_MS) {
      const read = Promise.all([
        this.deps.params.get('spot_maker_fee_rate'),
        this.deps.params.get('spot_taker_fee_rate'),
        this.deps.params.get('spot_market_band'),
      ]).then(([maker, taker, band]) => ({
        maker: percentToRate(maker),
        taker: percentToRate(taker),
        bandBps: bandBps(band),
      }));
      this.feesRead = { at: now, rates: read };
      // A failed read is not kept: the next batch asks again.
      read.catch(() => {
        if (this.feesRead?.rates === read) this.feesRead = undefined;
      });
    }
    return this.feesRead.rates;
  }

  async pairs(): Promise<SpotPair[]> {
    const [maker, taker, band] = await Promise.all([
      this.deps.params.get('spot_maker_fee_rate'),
      this.deps.params.get('spot_taker_fee_rate'),
      this.deps.params.get('spot_market_band'),
    ]);
    return [...this.deps.pairs().values()].map((p) => p.view({ maker, taker, band }));
  }

  /**
   * Places an order. A replayed key needs no read first: the desk finds a used key in the
   * statement that prepares its batch and answers what it made. Only a refusal is checked
   * against the key, since the book or the feed may have changed since the first try.
   */
  async submit(userId: number, book: Book, body: SubmitInput): Promise<SpotOrder> {
    this.pairOf(body.code);
    if (book === 'demo') await this.deps.fundDemo(userId);
    try {
      return await this.dispatch({ op: 'submit', userId, book, body });
    } catch (err) {
      if (!(err instanceof AppError) || err.code === Code.busy) throw err;
      const replayed = await this.replay(userId, book, body);
      if (replayed === undefined) throw err;
      return replayed;
    }
  }

  async cancel(userId: number, book: Book, id: number): Promise<SpotOrder> {
    const row = await this.deps.store.order(id);
    if (row === undefined || Number(row.user_id) !== userId || row.book !== book) {
      throw new AppError(Code.notFound, { field: 'id' });
    }
    if (row.status !== 'waiting') throw new AppError(Code.orderStatusWrong, { field: 'id' });
    return this.dispatch({ op: 'cancel', userId, book, id });
  }

  async list(userId: number, book: Book, query: ListQuery) {
    const { rows, total } = await this.deps.store.list(userId, book, query);
    return { list: rows.map((r) => this.view(r)), total };
  }

  async get(userId: number, book: Book, id: number): Promise<SpotOrderDetail> {
    const row = await this.deps.store.order(id);
    if (row === undefined || Number(row.user_id) !== userId || row.book !== book) {
      throw new AppError(Code.notFound, { field: 'id' });
    }
    return { ...this.view(row), fills: await this.deps.store.fillsOf(row) };
  }

  /** The pair's book: from the desk on the leader, else the leader's latest frame. */
  bookOf(book: Book, code: string): SpotBook {
    const pair = this.pairOf(code);
    const desk = this.deps.desks.desk(book, pair.code);
    const frame =
      desk !== undefined ? this.deps.desks.frameOf(desk) : this.frames.get(deskKey(book, code));
    if (frame === undefined) {
      return {
        code: pair.code,
        book,
        bids: [],
        asks: [],
        trades: [],
        last: null,
        feedPrice: this.deps.instruments.byCode(pair.code)?.last?.price ?? null,
        seq: 0,
      };
    }
    const { type: _type, ...rest } = frame;
    return rest;
  }

  private pairOf(code: string): Pair {
    const pair = this.deps.pairs().get(code);
    if (pair === undefined) throw new AppError(Code.spotPairWrong, { field: 'code' });
    return pair;
  }

  private view(row: OrderRow): SpotOrder {
    return orderView(row, this.pairOf(row.code));
  }

  /** The body and its book, without the key: a replay must repeat both. */
  private hash(body: SubmitInput, book: Book): string {
    return requestHash(book, body);
  }

  private async replay(userId: number, book: Book, body: SubmitInput) {
    const row = replayOf(await this.deps.store.byKey(userId, body.key), this.hash(body, book));
    return row === undefined ? undefined : this.view(row);
  }

  /** Runs the command here when this node leads the books, else on the leader through the bus. */
  private async dispatch(cmd: Forwarded): Promise<SpotOrder> {
    const answer = this.deps.desks.isLeading ? await this.serve(cmd) : await this.forward(cmd);
    if (answer.ok) return answer.order;
    throw new AppError(answer.code, answer.detail ?? null);
  }

  private forward(cmd: Forwarded): Promise<Answer> {
    if (this.pending.size >= FORWARD_MAX) return Promise.resolve({ ok: false, code: Code.busy });
    const id = this.nextId++;
    return new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ok: false, code: Code.busy });
      }, FORWARD_MS);
      this.pending.set(id, { resolve, timer });
      this.deps.channels.publish('spot.commands', {
        node: this.node,
        id,
        payload: JSON.stringify(cmd),
      });
    });
  }

  /** Executes a command on the leader; every refusal becomes its code, never a thrown error. */
  private async serve(command: Forwarded | string): Promise<Answer> {
    try {
      const cmd = typeof command === 'string' ? this.parse(command) : command;
      const row = cmd.op === 'submit' ? await this.execute(cmd) : await this.cancelHere(cmd);
      return { ok: true, order: this.view(row) };
    } catch (err) {
      if (err instanceof AppError && isCode(err.code)) {
        return { ok: false, code: err.code, detail: err.detail };
      }
      console.error('spot command failed:', err);
      return { ok: false, code: Code.systemError };
    }
  }

  private parse(payload: string): Forwarded {
    const value = JSON.parse(payload) as Forwarded;
    if (value.op === 'submit') return { ...value, body: submitBody.parse(value.body) };
    return value;
  }

  private cancelHere(cmd: { userId: number; book: Book; id: number }): Promise<OrderRow> {
    const row = this.deps.store.order(cmd.id);
    return row.then((r) => {
      if (r === undefined || Number(r.user_id) !== cmd.userId || r.book !== cmd.book) {
        throw new AppError(Code.notFound, { field: 'id' });
      }
      const desk = this.deps.desks.desk(cmd.book, r.code);
      if (desk === undefined) throw new AppError(Code.busy);
      return desk.cancel(cmd.id, cmd.userId);
    });
  }

  /** Checks the order against its pair and the feed, then places it on the desk. */
  private async execute(cmd: { userId: number; book: Book; body: SubmitInput }): Promise<OrderRow> {
    const { userId, book, body } = cmd;
    const pair = this.pairOf(body.code);
    const desk = this.deps.desks.desk(book, pair.code);
    if (desk === undefined) throw new AppError(Code.busy);
    const lots = pair.lotsOf(body.qty);
    const tif = body.type === 'market' ? 'ioc' : (body.tif ?? 'gtc');
    let priceTicks: number;
    let ref: Placement['ref'] = null;
    if (body.type === 'limit') {
      if (body.price === undefined) throw new AppError(Code.priceTickWrong, { field: 'price' });
      priceTicks = pair.ticksOf(body.price);
    } else {
      if (body.price !== undefined) throw new AppError(Code.badRequest, { field: 'price' });
      // A market order fills no further from the feed's price than the band: its protection.
      const feed = this.deps.instruments.byCode(pair.code)?.last;
      if (feed === undefined) throw new AppError(Code.notTradable);
      const bps = bandBps(await this.deps.params.get('spot_market_band'));
      priceTicks =
        body.side === 'buy'
          ? pair.ticksAround(feed.price, bps, 'down')
          : pair.ticksAround(feed.price, -bps, 'up');
      if (priceTicks <= 0) throw new AppError(Code.notTradable);
      ref = { price: feed.price, ts: feed.ts };
    }
    if (pair.quoteUnits(priceTicks, lots) < pair.minNotionalUnits) {
      throw new AppError(Code.belowMinNotional, { field: 'qty' });
    }
    try {
      return await desk.place({
        userId,
        requestKey: body.key,
        bodyHash: this.hash(body, book),
        side: body.side,
        type: body.type,
        tif,
        priceTicks,
        lots,
        platform: false,
        ref,
      });
    } catch (err) {
      // A twin with the same key was placed first: the answer is what it made.
      if (err instanceof TwinKey || isUniqueViolation(err, 'request_key')) {
        const row = await this.deps.store.byKey(userId, body.key);
        if (row !== undefined && row.body_hash === this.hash(body, book)) return row;
        throw new AppError(Code.requestKeyReused);
      }
      throw err;
    }
  }
}
