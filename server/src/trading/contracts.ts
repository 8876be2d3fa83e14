import type { z } from 'zod';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import type { Notice } from '../../../contract/notifications/schemas.ts';
import {
  closePriceOf,
  feeOf,
  liquidationPriceOf,
  LOT_SCALE,
  marginOf,
  openPriceOf,
  percentToRate,
  profitOf,
  quoteOf,
  settledProfitOf,
  stopsProblem,
  usableLeverages,
  USDT_SCALE,
  type Side,
} from '../../../contract/trading/formulas.ts';
import {
  TRADING_LIMITS,
  type buyUBody,
  type UOrder,
  type updateUBody,
} from '../../../contract/trading/schemas.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal } from '../money/amounts.ts';
import { fromUnits, toSignedUnits, toUnits } from '../money/decimal.ts';
import type { TransferKind } from '../money/transfers.ts';
import { tradingKey } from './transfers.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Database, Tx } from '../platform/db/database.ts';
import { firstOfTwins, replayOf, requestHash } from '../platform/request-replay.ts';
import { contractSpecOf } from './specs.ts';
import type { TradingParams } from './params.ts';
import { withTradingCodes } from './trading-errors.ts';
import type { Instruments } from './instruments.ts';

export type BuyUBody = z.output<typeof buyUBody>;
export type UpdateUBody = z.output<typeof updateUBody>;
export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'liquidation';

/** A tick as a fill or close used it: the feed's mid, and when. */
export interface UsedTick {
  code: string;
  price: string;
  ts: number;
}

interface OrderRow {
  id: string;
  user_id: string;
  book: Book;
  request_key: string;
  body_hash: string;
  instrument_id: number;
  code: string;
  precision: number;
  side: Side;
  order_type: 'market' | 'limit';
  status: UOrder['status'];
  lots: string;
  contract_size: string;
  leverage: number;
  limit_price: string | null;
  stop_loss: string;
  take_profit: string;
  margin: string;
  fee: string;
  fee_rate: string;
  maintenance_rate: string;
  hold_id: string;
  open_price: string | null;
  open_tick_price: string | null;
  open_tick_ts: Date | null;
  liquidation_price: string | null;
  close_price: string | null;
  close_tick_price: string | null;
  close_tick_ts: Date | null;
  close_reason: CloseReason | null;
  profit: string | null;
  created_at: Date;
  opened_at: Date | null;
  closed_at: Date | null;
}

const COLUMNS = `id, user_id, book, request_key, body_hash, instrument_id, code, precision, side,
  order_type, status, lots::text, contract_size::text, leverage, limit_price::text, stop_loss::text,
  take_profit::text, margin::text, fee::text, fee_rate::text, maintenance_rate::text, hold_id,
  open_price::text, open_tick_price::text, open_tick_ts, liquidation_price::text, close_price::text,
  close_tick_price::text, close_tick_ts, close_reason, profit::text, created_at, opened_at, closed_at`;

const usdt = (units: bigint) => fromUnits(units, USDT_SCALE);
const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

export function toUOrder(r: OrderRow): UOrder {
  const p = r.precision;
  const price = (v: string | null) => (v === null ? null : fromUnits(toUnits(v, p), p));
  const tick = (price: string | null, ts: Date | null) =>
    price === null || ts === null
      ? null
      : { code: r.code, price: fromUnits(toUnits(price, p), p), ts: new Date(ts).getTime() };
  return {
    id: Number(r.id),
    instrumentId: r.instrument_id,
    code: r.code,
    book: r.book,
    side: r.side,
    type: r.order_type,
    status: r.status,
    lots: trimDecimal(r.lots),
    contractSize: trimDecimal(r.contract_size),
    leverage: r.leverage,
    limitPrice: price(r.limit_price),
    stopLoss: price(r.stop_loss) ?? '',
    takeProfit: price(r.take_profit) ?? '',
    margin: trimDecimal(r.margin),
    fee: trimDecimal(r.fee),
    feeRate: trimDecimal(r.fee_rate),
    maintenanceRate: trimDecimal(r.maintenance_rate),
    openPrice: price(r.open_price),
    openTick: tick(r.open_tick_price, r.open_tick_ts),
    liquidationPrice: price(r.liquidation_price),
    closePrice: price(r.close_price),
    closeTick: tick(r.close_tick_price, r.close_tick_ts),
    closeReason: r.close_reason,
    profit: r.profit === null ? null : trimDecimal(r.profit),
    createdAt: new Date(r.created_at).toISOString(),
    openedAt: iso(r.opened_at),
    closedAt: iso(r.closed_at),
  };
}

/** What the engine watches of a live order (docs/trading.md, "Triggers"). */
export interface LiveOrder {
  id: number;
  code: string;
  side: Side;
  status: 'waiting' | 'open';
  precision: number;
  limitPrice: bigint | undefined;
  stopLoss: bigint;
  takeProfit: bigint;
  liquidationPrice: bigint | undefined;
}

function toLive(r: OrderRow): LiveOrder | undefined {
  if (r.status !== 'waiting' && r.status !== 'open') return undefined;
  const p = r.precision;
  const units = (v: string | null) => (v === null ? undefined : toUnits(v, p));
  return {
    id: Number(r.id),
    code: r.code,
    side: r.side,
    status: r.status,
    precision: p,
    limitPrice: units(r.limit_price),
    stopLoss: toUnits(r.stop_loss, p),
    takeProfit: toUnits(r.take_profit, p),
    liquidationPrice: units(r.liquidation_price),
  };
}

/** A decimal at `scale`, or the field's code when it has more decimals than that. */
function unitsOr(value: string, scale: number, code: AppError): bigint {
  try {
    return toUnits(value, scale);
  } catch {
    throw code;
  }
}

/**
 * The stop loss and take profit of a request in price units, checked against `reference` (the
 * price the position would close at now, or the limit price) and the position's liquidation
 * price: SPEC §5's separate messages.
 */
function stopsOf(
  side: Side,
  reference: bigint,
  liquidation: bigint,
  body: { stopLoss: string; takeProfit: string },
  precision: number,
): { stopLoss: bigint; takeProfit: bigint } {
  const slWrong = new AppError(Code.stopLossWrong, { field: 'stopLoss' });
  const tpWrong = new AppError(Code.takeProfitWrong, { field: 'takeProfit' });
  const stopLoss = unitsOr(body.stopLoss, precision, slWrong);
  const takeProfit = unitsOr(body.takeProfit, precision, tpWrong);
  const problem = stopsProblem(side, reference, stopLoss, takeProfit, liquidation);
  if (problem === 'both') throw new AppError(Code.stopsWrong);
  if (problem === 'stop_loss') throw slWrong;
  if (problem === 'take_profit') throw tpWrong;
  return { stopLoss, takeProfit };
}

/** Something the engine should know changed (an order's triggers), and the person's nudge. */
export interface TradingEvents {
  orderChanged(orderId: number, userId: number): void;
  /** Tells the person, in the transaction of the change (the notification centre). */
  notify(tx: Tx, userId: number, notice: Notice): Promise<void>;
}

/**
 * Leveraged contracts ("U" orders, USDT-margined, isolated margin per position): open at market
 * or place at a limit, close at market, cancel while waiting, edit stop loss and take profit,
 * and the engine's fills and closes. Every state change and its money commit together; a
 * conditional update on the status makes each close and fill happen once, whoever asks first.
 */
export class Contracts {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly instruments: Instruments,
    private readonly params: TradingParams,
    private readonly events: TradingEvents,
    private readonly now: () => number = Date.now,
  ) {}

  async open(userId: number, book: Book, body: BuyUBody): Promise<UOrder> {
    const instrument = this.instruments.byId(body.instrumentId);
    const spec = instrument && contractSpecOf(instrument);
    if (instrument === undefined || spec === undefined) {
      throw new AppError(Code.optionsProductWrong, { field: 'instrumentId' });
    }
    const replayed = await this.replay(userId, book, body);
    if (replayed !== undefined) return replayed;
    if (body.type === 'market' && body.price !== undefined) {
      // A market order takes the market's price: a price sent with it would be ignored.
      throw new AppError(Code.badRequest, { field: 'price' });
    }
    const tick = instrument.last;
    if (!instrument.isOpen(this.now()) || tick === undefined) {
      throw new AppError(Code.notTradable, { field: 'instrumentId' });
    }
    const lotsWrong = new AppError(Code.purchaseAmountWrong, { field: 'lots' });
    const lots = unitsOr(body.lots, LOT_SCALE, lotsWrong);
    if (lots < spec.lotMin || lots > spec.lotMax || lots % spec.lotStep !== 0n) throw lotsWrong;

    const p = instrument.precision;
    const quote = quoteOf(toUnits(tick.price, p), instrument.spreadTenthsBps);
    let openPrice: bigint;
    if (body.type === 'limit') {
      const limitWrong = new AppError(Code.limitPriceWrong, { field: 'price' });
      if (body.price === undefined) throw limitWrong;
      openPrice = unitsOr(body.price, p, limitWrong);
      // A limit that the market has already reached is a market order in disguise.
      if (body.side === 'long' ? openPrice >= quote.ask : openPrice <= quote.bid) throw limitWrong;
    } else {
      openPrice = openPriceOf(body.side, quote);
    }
    const [feeRatePct, maintenancePct] = await Promise.all([
      this.params.feeRate(),
      this.params.maintenanceRate(),
    ]);
    const maintenance = percentToRate(maintenancePct);
    // The leverages getTradingInfo offers: of the specification's, those that can open now.
    if (!usableLeverages(spec.leverages, maintenance, quote).includes(body.leverage)) {
      throw new AppError(Code.purchaseAmountWrong, { field: 'leverage' });
    }
    const liquidation = liquidationPriceOf(body.side, openPrice, body.leverage, maintenance);
    const reference = body.type === 'limit' ? openPrice : closePriceOf(body.side, quote);
    const { stopLoss, takeProfit } = stopsOf(body.side, reference, liquidation, body, p);

    const sizing = { lots, contractSize: spec.contractSize, precision: p };
    const margin = marginOf(sizing, openPrice, body.leverage);
    const fee = feeOf(sizing, openPrice, percentToRate(feeRatePct));
    if (margin <= 0n) throw lotsWrong;
    const hash = requestHash(book, body);
    const attempt = () =>
      withTradingCodes(() =>
        this.ledger.atomically(async (tx) => {
          await this.lockOrderCount(tx, userId, book);
          let holdId: number;
          if (body.type === 'market') {
            ({ holdId } = await this.ledger.holdIn(tx, {
              key: tradingKey.contractOpen(userId, body.key, 'margin'),
              user: userId,
              asset: 'USDT',
              book,
              amount: margin,
              kind: 'contract_margin' satisfies TransferKind,
              reference: `contract-request:${body.key}`,
            }));
            if (fee > 0n)
              await this.chargeFee(
                tx,
                tradingKey.contractOpen(userId, body.key, 'fee'),
                userId,
                book,
                fee,
                `contract-request:${body.key}`,
                { code: tick.code, price: tick.price, ts: tick.ts },
              );
          } else {
            ({ holdId } = await this.ledger.holdIn(tx, {
              key: tradingKey.contractOpen(userId, body.key, 'order'),
              user: userId,
              asset: 'USDT',
              book,
              amount: margin + fee,
              kind: 'contract_order_hold' satisfies TransferKind,
              reference: `contract-request:${body.key}`,
            }));
          }
          const market = body.type === 'market';
          const [inserted] = await tx.query<OrderRow>(
            `insert into contract_orders (user_id, book, request_key, body_hash, instrument_id, code,
             precision, side, order_type, status, lots, contract_size, leverage, limit_price,
             stop_loss, take_profit, margin, fee, fee_rate, maintenance_rate, hold_id, open_price,
             open_tick_price, open_tick_ts, liquidation_price, opened_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
             $19, $20, $21, $22, $23, $24, $25, $26)
           returning ${COLUMNS}`,
            [
              userId,
              book,
              body.key,
              hash,
              instrument.id,
              instrument.code,
              p,
              body.side,
              body.type,
              market ? 'open' : 'waiting',
              fromUnits(lots, LOT_SCALE),
              spec.contractSize.toString(),
              body.leverage,
              market ? null : fromUnits(openPrice, p),
              fromUnits(stopLoss, p),
              fromUnits(takeProfit, p),
              usdt(margin),
              usdt(fee),
              feeRatePct,
              maintenancePct,
              holdId,
              market ? fromUnits(openPrice, p) : null,
              market ? tick.price : null,
              market ? new Date(tick.ts) : null,
              market ? fromUnits(liquidation, p) : null,
              market ? new Date(this.now()) : null,
            ],
          );
          assert(inserted !== undefined, 'contract insert returned no row');
          return inserted;
        }),
      );
    const { value, fresh } = await firstOfTwins(
      async () => toUOrder(await attempt()),
      () => this.replay(userId, book, body),
    );
    if (fresh) this.events.orderChanged(value.id, userId);
    return value;
  }

  /** The order a replayed key made; a key reused with another body or book answers 10134. */
  private async replay(userId: number, book: Book, body: BuyUBody): Promise<UOrder | undefined> {
    const [existing] = await this.db.query<OrderRow>(
      `select ${COLUMNS} from contract_orders where user_id = $1 and request_key = $2`,
      [userId, body.key],
    );
    const row = replayOf(existing, requestHash(book, body));
    return row === undefined ? undefined : toUOrder(row);
  }

  /** Serialises a person's opens in a book, so the count of live orders cannot be raced. */
  private async lockOrderCount(tx: Tx, userId: number, book: Book): Promise<void> {
    await lockPerson(tx, LockSpace.contractOpens, userId);
    const [count] = await tx.query<{ n: number }>(
      `select count(*)::int as n from contract_orders
        where user_id = $1 and book = $2 and status in ('waiting', 'open')`,
      [userId, book],
    );
    if ((count?.n ?? 0) >= TRADING_LIMITS.openOrdersMax) {
      throw new AppError(Code.purchaseAmountWrong, { field: 'lots' });
    }
    // The engine watches a bounded number of orders; past it, opening waits rather than
    // leaving a position whose stop loss nobody watches.
    const [all] = await tx.query<{ n: number }>(
      `select count(*)::int as n from contract_orders where status in ('waiting', 'open')`,
    );
    if ((all?.n ?? 0) >= TRADING_LIMITS.liveOrdersMax) {
      throw new AppError(Code.notTradable, { field: 'instrumentId' });
    }
  }

  private async chargeFee(
    tx: Tx,
    key: string,
    userId: number,
    book: Book,
    fee: bigint,
    reference: string,
    tick: UsedTick,
  ): Promise<void> {
    await this.ledger.post(tx, {
      key,
      asset: 'USDT',
      book,
      legs: [
        {
          from: { user: userId, purpose: 'available' },
          to: { platform: 'fees' },
          amount: fee,
          kind: 'contract_fee' satisfies TransferKind,
          reference,
          tick,
        },
      ],
    });
  }

  /** The person's own order, or 10101 (someone else's reads as not found). */
  private async own(tx: Tx | Database, userId: number, book: Book, id: number, lock: boolean) {
    const [row] = await tx.query<OrderRow>(
      `select ${COLUMNS} from contract_orders where id = $1 and user_id = $2 and book = $3${lock ? ' for no key update' : ''}`,
      [id, userId, book],
    );
    if (row === undefined) throw new AppError(Code.notFound, { field: 'id' });
    return row;
  }

  async get(userId: number, book: Book, id: number): Promise<UOrder> {
    return toUOrder(await this.own(this.db, userId, book, id, false));
  }

  async list(
    userId: number,
    book: Book,
    q: {
      status?: 'current' | UOrder['status'];
      instrumentId?: number;
      page: number;
      size: number;
    },
  ): Promise<{ list: UOrder[]; total: number }> {
    const statuses =
      q.status === undefined
        ? ['waiting', 'open', 'closed', 'cancelled']
        : q.status === 'current'
          ? ['waiting', 'open']
          : [q.status];
    const where =
      'user_id = $1 and book = $2 and status = any($3) and ($4::bigint is null or instrument_id = $4)';
    const args = [userId, book, statuses, q.instrumentId ?? null];
    const rows = await this.db.query<OrderRow>(
      `select ${COLUMNS} from contract_orders where ${where} order by id desc limit $5 offset $6`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from contract_orders where ${where}`,
      args,
    );
    return { list: rows.map(toUOrder), total: count?.n ?? 0 };
  }

  /**
   * stopU: an open position closes at market (at the last tick, also outside trading hours:
   * leaving is always possible); a waiting order is cancelled, never "closed".
   */
  async stop(userId: number, book: Book, id: number): Promise<UOrder> {
    const row = await this.own(this.db, userId, book, id, false);
    if (row.status === 'waiting') {
      const cancelled = await this.cancel(Number(row.id));
      if (cancelled !== undefined) return cancelled;
    } else if (row.status === 'open') {
      const instrument = this.instruments.byId(row.instrument_id);
      const tick = instrument?.last;
      assert(instrument !== undefined && tick !== undefined, 'an open position has a price');
      const quote = quoteOf(toUnits(tick.price, row.precision), instrument.spreadTenthsBps);
      const closed = await this.close(
        Number(row.id),
        'manual',
        tick,
        closePriceOf(row.side, quote),
      );
      if (closed !== undefined) return closed;
    }
    // Closed or cancelled already (perhaps by a trigger a moment ago).
    throw new AppError(Code.orderStatusWrong, { field: 'id' });
  }

  async update(userId: number, book: Book, body: UpdateUBody): Promise<UOrder> {
    const row = await this.own(this.db, userId, book, body.id, false);
    if (row.status !== 'waiting' && row.status !== 'open') {
      throw new AppError(Code.orderStatusWrong, { field: 'id' });
    }
    const p = row.precision;
    let reference: bigint;
    let liquidation: bigint;
    if (row.status === 'waiting') {
      reference = toUnits(row.limit_price ?? '0', p);
      // What the fill will set: the limit is the open price.
      const rate = percentToRate(row.maintenance_rate);
      liquidation = liquidationPriceOf(row.side, reference, row.leverage, rate);
    } else {
      assert(row.liquidation_price !== null, () => `open order ${row.id} has no liquidation`);
      liquidation = toUnits(row.liquidation_price, p);
      const instrument = this.instruments.byId(row.instrument_id);
      const tick = instrument?.last;
      assert(instrument !== undefined && tick !== undefined, 'an open position has a price');
      reference = closePriceOf(
        row.side,
        quoteOf(toUnits(tick.price, p), instrument.spreadTenthsBps),
      );
    }
    const { stopLoss, takeProfit } = stopsOf(row.side, reference, liquidation, body, p);
    const [updated] = await this.db.query<OrderRow>(
      `update contract_orders set stop_loss = $2, take_profit = $3
        where id = $1 and status in ('waiting', 'open') returning ${COLUMNS}`,
      [row.id, fromUnits(stopLoss, p), fromUnits(takeProfit, p)],
    );
    if (updated === undefined) throw new AppError(Code.orderStatusWrong, { field: 'id' });
    this.events.orderChanged(Number(updated.id), userId);
    return toUOrder(updated);
  }

  /** Cancels a waiting order and releases its hold; undefined when it was no longer waiting. */
  async cancel(orderId: number): Promise<UOrder | undefined> {
    const row = await withTradingCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [r] = await tx.query<OrderRow>(
          `update contract_orders set status = 'cancelled', closed_at = now()
            where id = $1 and status = 'waiting' returning ${COLUMNS}`,
          [orderId],
        );
        if (r === undefined) return undefined;
        await this.ledger.resolveHoldIn(
          tx,
          tradingKey.contractEnd(orderId, 'cancel'),
          Number(r.hold_id),
          { release: true },
          'contract_order_released' satisfies TransferKind,
        );
        return r;
      }),
    );
    if (row === undefined) return undefined;
    this.events.orderChanged(orderId, Number(row.user_id));
    return toUOrder(row);
  }

  /**
   * A waiting order's limit was reached at `tick`: it opens at its limit price. The order hold
   * is released, the fee charged and the margin held again, in one transaction.
   */
  async fill(orderId: number, tick: UsedTick): Promise<UOrder | undefined> {
    const row = await withTradingCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [r] = await tx.query<OrderRow>(
          `select ${COLUMNS} from contract_orders where id = $1 and status = 'waiting' for no key update`,
          [orderId],
        );
        if (r === undefined) return undefined;
        const p = r.precision;
        const open = toUnits(r.limit_price ?? '0', p);
        const liquidation = liquidationPriceOf(
          r.side,
          open,
          r.leverage,
          percentToRate(r.maintenance_rate),
        );
        const userId = Number(r.user_id);
        const margin = toUnits(r.margin, USDT_SCALE);
        const fee = toUnits(r.fee, USDT_SCALE);
        await this.ledger.resolveHoldIn(
          tx,
          tradingKey.contractFill(orderId, 'release'),
          Number(r.hold_id),
          { release: true },
          'contract_order_released' satisfies TransferKind,
        );
        const reference = `contract:${orderId}`;
        if (fee > 0n) {
          await this.chargeFee(
            tx,
            tradingKey.contractFill(orderId, 'fee'),
            userId,
            r.book,
            fee,
            reference,
            tick,
          );
        }
        const { holdId } = await this.ledger.holdIn(tx, {
          key: tradingKey.contractFill(orderId, 'margin'),
          user: userId,
          asset: 'USDT',
          book: r.book,
          amount: margin,
          kind: 'contract_margin' satisfies TransferKind,
          reference,
        });
        const [updated] = await tx.query<OrderRow>(
          `update contract_orders set status = 'open', hold_id = $2, open_price = limit_price,
             open_tick_price = $3, open_tick_ts = $4, liquidation_price = $5, opened_at = now()
            where id = $1 and status = 'waiting' returning ${COLUMNS}`,
          [orderId, holdId, tick.price, new Date(tick.ts), fromUnits(liquidation, p)],
        );
        assert(updated !== undefined, `order ${orderId} left waiting under its lock`);
        await this.events.notify(tx, userId, {
          kind: 'trading.order-opened',
          book: updated.book,
          orderId,
          code: updated.code,
          side: updated.side,
        });
        return updated;
      }),
    );
    if (row === undefined) return undefined;
    this.events.orderChanged(orderId, Number(row.user_id));
    return toUOrder(row);
  }

  /**
   * Closes an open position at `price` (the bid or ask of `tick`): the margin is released, then
   * the profit paid by the house or the loss, capped at the margin, paid to it. Undefined when
   * the position was no longer open (another close won).
   */
  async close(
    orderId: number,
    reason: CloseReason,
    tick: UsedTick,
    price: bigint,
  ): Promise<UOrder | undefined> {
    const row = await withTradingCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [r] = await tx.query<OrderRow>(
          `select ${COLUMNS} from contract_orders where id = $1 and status = 'open' for no key update`,
          [orderId],
        );
        if (r === undefined) return undefined;
        const p = r.precision;
        const margin = toUnits(r.margin, USDT_SCALE);
        const sizing = {
          lots: toUnits(r.lots, LOT_SCALE),
          contractSize: toUnits(r.contract_size, 0),
          precision: p,
        };
        const profit = settledProfitOf(
          profitOf(sizing, r.side, toUnits(r.open_price ?? '0', p), price),
          margin,
        );
        const userId = Number(r.user_id);
        await this.ledger.resolveHoldIn(
          tx,
          tradingKey.contractEnd(orderId, 'release'),
          Number(r.hold_id),
          { release: true },
          'contract_margin_released' satisfies TransferKind,
        );
        if (profit !== 0n) {
          const user = { user: userId, purpose: 'available' } as const;
          const house = { platform: 'house' } as const;
          await this.ledger.post(tx, {
            key: tradingKey.contractEnd(orderId, 'profit'),
            asset: 'USDT',
            book: r.book,
            legs: [
              {
                from: profit > 0n ? house : user,
                to: profit > 0n ? user : house,
                amount: profit > 0n ? profit : -profit,
                kind: (profit > 0n ? 'contract_profit' : 'contract_loss') satisfies TransferKind,
                reference: `contract:${orderId}`,
                tick,
              },
            ],
          });
        }
        const [updated] = await tx.query<OrderRow>(
          `update contract_orders set status = 'closed', close_price = $2, close_tick_price = $3,
             close_tick_ts = $4, close_reason = $5, profit = $6, closed_at = now()
            where id = $1 and status = 'open' returning ${COLUMNS}`,
          [orderId, fromUnits(price, p), tick.price, new Date(tick.ts), reason, usdt(profit)],
        );
        assert(updated !== undefined, `order ${orderId} left open under its lock`);
        await this.events.notify(tx, userId, closeNotice(updated, reason));
        return updated;
      }),
    );
    if (row === undefined) return undefined;
    this.events.orderChanged(orderId, Number(row.user_id));
    return toUOrder(row);
  }

  /** One live order as the engine watches it, or undefined when it is no longer live. */
  async live(orderId: number): Promise<LiveOrder | undefined> {
    const [row] = await this.db.query<OrderRow>(
      `select ${COLUMNS} from contract_orders where id = $1`,
      [orderId],
    );
    return row === undefined ? undefined : toLive(row);
  }

  /** Every live order, for the engine's rebuild (bounded by the per-person limit x people). */
  async allLive(): Promise<LiveOrder[]> {
    const rows = await this.db.query<OrderRow>(
      `select ${COLUMNS} from contract_orders where status in ('waiting', 'open') order by id`,
    );
    return rows.flatMap((r) => toLive(r) ?? []);
  }

  /**
   * Results in a book: closed contracts' profit and fees (realised), and the fees already paid
   * on positions still open, which belong to those positions until they close.
   */
  async totals(
    userId: number,
    book: Book,
  ): Promise<{ profit: bigint; fees: bigint; openFees: bigint }> {
    const [row] = await this.db.query<{
      profit: string | null;
      fees: string | null;
      open_fees: string | null;
    }>(
      `select sum(profit)::text as profit,
              sum(fee) filter (where status = 'closed')::text as fees,
              sum(fee) filter (where status = 'open')::text as open_fees
         from contract_orders where user_id = $1 and book = $2`,
      [userId, book],
    );
    const units = (v: string | null | undefined) => (v ? toSignedUnits(v, USDT_SCALE) : 0n);
    return { profit: units(row?.profit), fees: units(row?.fees), openFees: units(row?.open_fees) };
  }
}

/** What the person is told of a close: a liquidation apart, as it cannot be switched off. */
function closeNotice(row: OrderRow, reason: CloseReason): Notice {
  const common = {
    book: row.book,
    orderId: Number(row.id),
    code: row.code,
    side: row.side,
    profit: row.profit ?? '0',
  };
  return reason === 'liquidation'
    ? { kind: 'trading.liquidated', ...common }
    : { kind: 'trading.position-closed', reason, ...common };
}
