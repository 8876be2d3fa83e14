import type { z } from 'zod';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import type { Notice } from '../../../contract/notifications/schemas.ts';
import {
  optionOutcomeOf,
  optionPayoutOf,
  RATE_SCALE,
  USDT_SCALE,
} from '../../../contract/trading/formulas.ts';
import {
  TRADING_LIMITS,
  type buyOptionsBody,
  type OptionOrder,
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
import type { UsedTick } from './contracts.ts';
import type { Instruments } from './instruments.ts';
import type { TradingParams } from './params.ts';
import { withTradingCodes } from './trading-errors.ts';

export type BuyOptionsBody = z.output<typeof buyOptionsBody>;

interface OptionRow {
  id: string;
  user_id: string;
  book: Book;
  request_key: string;
  body_hash: string;
  instrument_id: number;
  code: string;
  direction: 'up' | 'down';
  seconds: number;
  payout: string;
  amount: string;
  hold_id: string;
  status: 'open' | 'settled';
  open_price: string;
  open_tick_ts: Date;
  expires_at: Date;
  settle_price: string | null;
  settle_tick_ts: Date | null;
  outcome: 'won' | 'lost' | 'draw' | null;
  paid: string | null;
  created_at: Date;
  settled_at: Date | null;
}

const COLUMNS = `id, user_id, book, request_key, body_hash, instrument_id, code, direction, seconds,
  payout::text, amount::text, hold_id, status, open_price::text, open_tick_ts, expires_at,
  settle_price::text, settle_tick_ts, outcome, paid::text, created_at, settled_at`;

function toOption(r: OptionRow): OptionOrder {
  const ms = (d: Date) => new Date(d).getTime();
  return {
    id: Number(r.id),
    instrumentId: r.instrument_id,
    code: r.code,
    book: r.book,
    direction: r.direction,
    seconds: r.seconds,
    payout: trimDecimal(r.payout),
    amount: trimDecimal(r.amount),
    status: r.status,
    openPrice: trimDecimal(r.open_price),
    openTick: { code: r.code, price: trimDecimal(r.open_price), ts: ms(r.open_tick_ts) },
    expiresAt: new Date(r.expires_at).toISOString(),
    settlePrice: r.settle_price === null ? null : trimDecimal(r.settle_price),
    settleTick:
      r.settle_price === null || r.settle_tick_ts === null
        ? null
        : { code: r.code, price: trimDecimal(r.settle_price), ts: ms(r.settle_tick_ts) },
    outcome: r.outcome,
    paid: r.paid === null ? null : trimDecimal(r.paid),
    createdAt: new Date(r.created_at).toISOString(),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at).toISOString(),
  };
}

/** An option due for settlement: what the engine needs to find its tick. */
export interface DueOption {
  id: number;
  instrumentId: number;
  code: string;
  expiresAt: number;
}

export interface OptionEvents {
  /** The person's option changed (bought, settled): their screens refetch it. */
  changed(userId: number, optionId: number): void;
  /** Tells the person, in the transaction of the change (the notification centre). */
  notify(tx: Tx, userId: number, notice: Notice): Promise<void>;
}

/**
 * Fixed-period options: the stake is held at purchase, and at expiry settled against the last
 * recorded tick at or before the expiry instant: stake x (1 + payout) on a win, the stake on an
 * equal price, nothing on a loss. The conditional update on the status settles each once.
 */
export class Options {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly instruments: Instruments,
    private readonly params: TradingParams,
    private readonly events: OptionEvents,
    private readonly now: () => number = Date.now,
  ) {}

  async buy(userId: number, book: Book, body: BuyOptionsBody): Promise<OptionOrder> {
    const instrument = this.instruments.byId(body.instrumentId);
    if (instrument === undefined) {
      throw new AppError(Code.optionsProductWrong, { field: 'instrumentId' });
    }
    const replayed = await this.replay(userId, book, body);
    if (replayed !== undefined) return replayed;
    const period = (await this.params.optionPeriods()).find((p) => p.seconds === body.seconds);
    if (period === undefined) throw new AppError(Code.noMatchingPeriod, { field: 'seconds' });
    const amountWrong = new AppError(Code.purchaseAmountWrong, { field: 'amount' });
    let stake: bigint;
    try {
      stake = toUnits(body.amount, USDT_SCALE);
    } catch {
      throw amountWrong;
    }
    if (stake < toUnits(period.min, USDT_SCALE) || stake > toUnits(period.max, USDT_SCALE)) {
      throw amountWrong;
    }
    const now = this.now();
    const expiresAt = now + body.seconds * 1000;
    const tick = instrument.last;
    // The market must be open now and at expiry, so the settling tick is a live price.
    if (tick === undefined || !instrument.isOpen(now) || !instrument.isOpen(expiresAt)) {
      throw new AppError(Code.notTradable, { field: 'instrumentId' });
    }
    const attempt = () =>
      withTradingCodes(() =>
        this.ledger.atomically(async (tx) => {
          await lockPerson(tx, LockSpace.optionBuys, userId);
          const [count] = await tx.query<{ n: number }>(
            `select count(*)::int as n from option_orders
              where user_id = $1 and book = $2 and status = 'open'`,
            [userId, book],
          );
          if ((count?.n ?? 0) >= TRADING_LIMITS.openOptionsMax) throw amountWrong;
          const { holdId } = await this.ledger.holdIn(tx, {
            key: tradingKey.optionStake(userId, body.key),
            user: userId,
            asset: 'USDT',
            book,
            amount: stake,
            kind: 'option_stake' satisfies TransferKind,
            reference: `option-request:${body.key}`,
          });
          const [row] = await tx.query<OptionRow>(
            `insert into option_orders (user_id, book, request_key, body_hash, instrument_id, code,
               direction, seconds, payout, amount, hold_id, open_price, open_tick_ts, expires_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
             returning ${COLUMNS}`,
            [
              userId,
              book,
              body.key,
              requestHash(book, body),
              instrument.id,
              instrument.code,
              body.direction,
              body.seconds,
              period.payout,
              fromUnits(stake, USDT_SCALE),
              holdId,
              tick.price,
              new Date(tick.ts),
              new Date(expiresAt),
            ],
          );
          assert(row !== undefined, 'option insert returned no row');
          return row;
        }),
      );
    const { value, fresh } = await firstOfTwins(
      async () => toOption(await attempt()),
      () => this.replay(userId, book, body),
    );
    if (fresh) this.events.changed(userId, value.id);
    return value;
  }

  /** The option a replayed key made; a key reused with another body or book answers 10134. */
  private async replay(
    userId: number,
    book: Book,
    body: BuyOptionsBody,
  ): Promise<OptionOrder | undefined> {
    const [existing] = await this.db.query<OptionRow>(
      `select ${COLUMNS} from option_orders where user_id = $1 and request_key = $2`,
      [userId, body.key],
    );
    const row = replayOf(existing, requestHash(book, body));
    return row === undefined ? undefined : toOption(row);
  }

  async get(userId: number, book: Book, id: number): Promise<OptionOrder> {
    const [row] = await this.db.query<OptionRow>(
      `select ${COLUMNS} from option_orders where id = $1 and user_id = $2 and book = $3`,
      [id, userId, book],
    );
    if (row === undefined) throw new AppError(Code.notFound, { field: 'id' });
    return toOption(row);
  }

  async list(
    userId: number,
    book: Book,
    q: { status?: 'open' | 'settled'; instrumentId?: number; page: number; size: number },
  ): Promise<{ list: OptionOrder[]; total: number }> {
    const where =
      'user_id = $1 and book = $2 and ($3::text is null or status = $3) and ($4::bigint is null or instrument_id = $4)';
    const args = [userId, book, q.status ?? null, q.instrumentId ?? null];
    const rows = await this.db.query<OptionRow>(
      `select ${COLUMNS} from option_orders where ${where} order by id desc limit $5 offset $6`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from option_orders where ${where}`,
      args,
    );
    return { list: rows.map(toOption), total: count?.n ?? 0 };
  }

  /** Options whose expiry is at or before `cutoff`, oldest first, at most `limit`. */
  async due(cutoff: number, limit: number): Promise<DueOption[]> {
    const rows = await this.db.query<{
      id: string;
      instrument_id: number;
      code: string;
      expires_at: Date;
    }>(
      `select id, instrument_id, code, expires_at from option_orders
        where status = 'open' and expires_at <= $1 order by expires_at, id limit $2`,
      [new Date(cutoff), limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      instrumentId: r.instrument_id,
      code: r.code,
      expiresAt: new Date(r.expires_at).getTime(),
    }));
  }

  /** The last recorded tick of an instrument at or before `ts`, from the database. */
  async recordedTickAt(
    instrumentId: number,
    code: string,
    ts: number,
  ): Promise<UsedTick | undefined> {
    const [row] = await this.db.query<{ price: string; ts: Date }>(
      `select price::text, ts from market_ticks where instrument_id = $1 and ts <= $2
        order by ts desc limit 1`,
      [instrumentId, new Date(ts)],
    );
    return row === undefined
      ? undefined
      : { code, price: row.price, ts: new Date(row.ts).getTime() };
  }

  /** Settles an option at `tick`; undefined when it was settled already (by another node). */
  async settle(optionId: number, tick: UsedTick): Promise<OptionOrder | undefined> {
    const row = await withTradingCodes(() =>
      this.ledger.atomically(async (tx) => {
        const [r] = await tx.query<OptionRow>(
          `select ${COLUMNS} from option_orders where id = $1 and status = 'open' for no key update`,
          [optionId],
        );
        if (r === undefined) return undefined;
        assert(
          tick.ts <= new Date(r.expires_at).getTime(),
          `option ${optionId}: tick after expiry`,
        );
        // Compare at the larger of the two decimal lengths, so "1.50" and "1.5" are equal.
        const scale = Math.max(decimals(r.open_price), decimals(tick.price));
        const outcome = optionOutcomeOf(
          r.direction,
          toUnits(r.open_price, scale),
          toUnits(tick.price, scale),
        );
        const stake = toUnits(r.amount, USDT_SCALE);
        const paid = optionPayoutOf(stake, toUnits(r.payout, RATE_SCALE), outcome);
        const userId = Number(r.user_id);
        await this.ledger.resolveHoldIn(
          tx,
          tradingKey.optionSettle(optionId, 'stake'),
          Number(r.hold_id),
          outcome === 'lost' ? { settleTo: 'house' } : { release: true },
          (outcome === 'lost' ? 'option_lost' : 'option_stake_released') satisfies TransferKind,
        );
        if (paid > stake) {
          await this.ledger.post(tx, {
            key: tradingKey.optionSettle(optionId, 'payout'),
            asset: 'USDT',
            book: r.book,
            legs: [
              {
                from: { platform: 'house' },
                to: { user: userId, purpose: 'available' },
                amount: paid - stake,
                kind: 'option_payout' satisfies TransferKind,
                reference: `option:${optionId}`,
                tick,
              },
            ],
          });
        }
        const [updated] = await tx.query<OptionRow>(
          `update option_orders set status = 'settled', settle_price = $2, settle_tick_ts = $3,
             outcome = $4, paid = $5, settled_at = now()
            where id = $1 and status = 'open' returning ${COLUMNS}`,
          [optionId, tick.price, new Date(tick.ts), outcome, fromUnits(paid, USDT_SCALE)],
        );
        assert(updated !== undefined, `option ${optionId} left open under its lock`);
        await this.events.notify(tx, userId, {
          kind: 'trading.option-settled',
          book: updated.book,
          optionId,
          code: updated.code,
          outcome,
          paid: fromUnits(paid, USDT_SCALE),
        });
        return updated;
      }),
    );
    if (row === undefined) return undefined;
    this.events.changed(Number(row.user_id), optionId);
    return toOption(row);
  }

  /** Settled options in a book: what they paid back less their stakes. */
  async result(userId: number, book: Book): Promise<bigint> {
    const [row] = await this.db.query<{ net: string | null }>(
      `select sum(paid - amount)::text as net from option_orders
        where user_id = $1 and book = $2 and status = 'settled'`,
      [userId, book],
    );
    return row?.net ? toSignedUnits(row.net, USDT_SCALE) : 0n;
  }
}

function decimals(v: string): number {
  return v.split('.')[1]?.length ?? 0;
}
