import type { Book } from '../../../../contract/envelope.ts';
import type {
  RecentTrade,
  SpotOrder,
  SpotOrderDetail,
  SpotStatus,
} from '../../../../contract/spot/schemas.ts';
import { SPOT_LIMITS } from '../../../../contract/spot/schemas.ts';
import { trimDecimal } from '../../money/amounts.ts';
import { fromUnits, toUnits } from '../../money/decimal.ts';
import type { Queryable, Tx } from '../../platform/db/database.ts';
import type { Pair } from './pairs.ts';

/** A spot order as stored (NUMERICs as text). */
export interface OrderRow {
  id: string;
  user_id: string;
  book: Book;
  code: string;
  request_key: string;
  body_hash: string;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  tif: 'gtc' | 'ioc' | 'post_only';
  price: string | null;
  qty: string;
  filled: string;
  turnover: string;
  fee: string;
  held: string;
  status: SpotStatus;
  reason: string | null;
  platform: boolean;
  created_at: Date | string;
  ended_at: Date | string | null;
}

/** `id` is read as text: order by `spot_orders.id`, or the text would sort ("10" < "9"). */
const ORDER_COLUMNS = `id::text, user_id::text, book, code, request_key, body_hash, side, order_type,
  tif, price::text, qty::text, filled::text, turnover::text, fee::text, held::text, status, reason,
  platform, created_at, ended_at`;

export interface NewOrder {
  userId: number;
  book: Book;
  code: string;
  requestKey: string;
  bodyHash: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: 'gtc' | 'ioc' | 'post_only';
  price: string | null;
  qty: string;
  held: string;
  status: SpotStatus;
  reason: string | null;
  platform: boolean;
  refPrice: string | null;
  refTs: number | null;
}

/** What changes on an order when it trades, is cancelled or ends. */
export interface OrderChange {
  filled: string;
  turnover: string;
  fee: string;
  held: string;
  status: SpotStatus;
  reason: string | null;
}

export interface NewFill {
  book: Book;
  code: string;
  makerOrder: number;
  takerOrder: number;
  takerSide: 'buy' | 'sell';
  price: string;
  qty: string;
  turnover: string;
  makerFee: string;
  takerFee: string;
}

const iso = (d: Date | string): string => new Date(d).toISOString();

/** The order as its owner sees it. */
export function orderView(row: OrderRow, pair: Pair): SpotOrder {
  const filled = trimDecimal(row.filled);
  const turnover = trimDecimal(row.turnover);
  const buying = row.side === 'buy';
  let avgPrice: string | null = null;
  if (filled !== '0') {
    // turnover / filled at the wire's 8 decimals, rounded down: a figure shown, never charged.
    const t = toUnits(turnover, 16);
    const f = toUnits(filled, 8);
    avgPrice = trimDecimal(fromUnits(t / f, 8));
  }
  return {
    id: Number(row.id),
    code: row.code,
    symbol: pair.symbol,
    book: row.book,
    side: row.side,
    type: row.order_type,
    tif: row.tif,
    price: row.price === null ? null : trimDecimal(row.price),
    qty: trimDecimal(row.qty),
    filled,
    turnover,
    avgPrice,
    fee: trimDecimal(row.fee),
    feeAsset: buying ? pair.base : pair.quote,
    held: trimDecimal(row.held),
    heldAsset: buying ? pair.quote : pair.base,
    status: row.status,
    reason: row.reason,
    createdAt: iso(row.created_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
  };
}

/** The spot tables: orders and fills. Writes take the caller's transaction. */
export class SpotStore {
  constructor(private readonly db: Queryable) {}

  async insertOrder(tx: Tx, o: NewOrder): Promise<OrderRow> {
    const ended = o.status === 'waiting' ? null : 'now';
    const [row] = await tx.query<OrderRow>(
      `insert into spot_orders (user_id, book, code, request_key, body_hash, side, order_type, tif,
         price, qty, held, status, reason, platform, ref_price, ref_ts, ended_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       returning ${ORDER_COLUMNS}`,
      [
        o.userId,
        o.book,
        o.code,
        o.requestKey,
        o.bodyHash,
        o.side,
        o.type,
        o.tif,
        o.price,
        o.qty,
        o.held,
        o.status,
        o.reason,
        o.platform,
        o.refPrice,
        o.refTs === null ? null : new Date(o.refTs),
        ended === null ? null : new Date(),
      ],
    );
    if (row === undefined) throw new Error('spot order insert returned no row');
    return row;
  }

  async updateOrder(tx: Tx, id: number, c: OrderChange): Promise<void> {
    const rows = await tx.query(
      `update spot_orders set filled = $2, turnover = $3, fee = $4, held = $5, status = $6,
         reason = $7, ended_at = case when $6 = 'waiting' then null else now() end
       where id = $1 and status = 'waiting' returning id`,
      [id, c.filled, c.turnover, c.fee, c.held, c.status, c.reason],
    );
    if (rows.length !== 1) throw new Error(`spot order ${id} was not waiting`);
  }

  async insertFill(tx: Tx, f: NewFill): Promise<number> {
    const [row] = await tx.query<{ id: string }>(
      `insert into spot_fills (book, code, maker_order, taker_order, taker_side, price, qty,
         turnover, maker_fee, taker_fee)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
      [
        f.book,
        f.code,
        f.makerOrder,
        f.takerOrder,
        f.takerSide,
        f.price,
        f.qty,
        f.turnover,
        f.makerFee,
        f.takerFee,
      ],
    );
    if (row === undefined) throw new Error('spot fill insert returned no row');
    return Number(row.id);
  }

  async orderIn(q: Queryable, id: number): Promise<OrderRow | undefined> {
    const [row] = await q.query<OrderRow>(
      `select ${ORDER_COLUMNS} from spot_orders where id = $1`,
      [id],
    );
    return row;
  }

  /** Several orders by id (a batch's answers). */
  ordersIn(q: Queryable, ids: readonly number[]): Promise<OrderRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return q.query<OrderRow>(`select ${ORDER_COLUMNS} from spot_orders where id = any($1)`, [ids]);
  }

  order(id: number): Promise<OrderRow | undefined> {
    return this.orderIn(this.db, id);
  }

  async byKey(userId: number, requestKey: string): Promise<OrderRow | undefined> {
    const [row] = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from spot_orders where user_id = $1 and request_key = $2`,
      [userId, requestKey],
    );
    return row;
  }

  /** The book's resting orders in the order they were placed (the rebuild). */
  openOrders(book: Book, code: string): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from spot_orders where book = $1 and code = $2 and status = 'waiting'
        order by spot_orders.id`,
      [book, code],
    );
  }

  async list(
    userId: number,
    book: Book,
    filter: { status?: string; code?: string; page: number; size: number },
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const where = ['user_id = $1', 'book = $2'];
    const args: unknown[] = [userId, book];
    if (filter.status === 'current') where.push(`status = 'waiting'`);
    else if (filter.status === 'history') where.push(`status <> 'waiting'`);
    else if (filter.status !== undefined) {
      args.push(filter.status);
      where.push(`status = $${args.length}`);
    }
    if (filter.code !== undefined) {
      args.push(filter.code);
      where.push(`code = $${args.length}`);
    }
    const clause = where.join(' and ');
    const [count] = await this.db.query<{ n: string }>(
      `select count(*)::text as n from spot_orders where ${clause}`,
      args,
    );
    const rows = await this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from spot_orders where ${clause} order by spot_orders.id desc
        limit ${filter.size} offset ${(filter.page - 1) * filter.size}`,
      args,
    );
    return { rows, total: Number(count?.n ?? 0) };
  }

  async fillsOf(order: OrderRow): Promise<SpotOrderDetail['fills']> {
    const rows = await this.db.query<{
      id: string;
      price: string;
      qty: string;
      turnover: string;
      maker_fee: string;
      taker_fee: string;
      maker_order: string;
      other_platform: boolean;
      created_at: Date | string;
    }>(
      `select f.id::text, f.price::text, f.qty::text, f.turnover::text, f.maker_fee::text,
              f.taker_fee::text, f.maker_order::text, o.platform as other_platform, f.created_at
         from spot_fills f
         join spot_orders o on o.id = case when f.maker_order = $1 then f.taker_order else f.maker_order end
        where f.maker_order = $1 or f.taker_order = $1
        order by f.id limit ${SPOT_LIMITS.fillsShown}`,
      [order.id],
    );
    return rows.map((r) => {
      const maker = r.maker_order === order.id;
      return {
        id: Number(r.id),
        price: trimDecimal(r.price),
        qty: trimDecimal(r.qty),
        turnover: trimDecimal(r.turnover),
        fee: trimDecimal(maker ? r.maker_fee : r.taker_fee),
        role: maker ? ('maker' as const) : ('taker' as const),
        counterpartyPlatform: r.other_platform,
        at: iso(r.created_at),
      };
    });
  }

  /** The book's latest trades, newest first. */
  async recentTrades(book: Book, code: string): Promise<RecentTrade[]> {
    const rows = await this.db.query<{
      id: string;
      price: string;
      qty: string;
      taker_side: 'buy' | 'sell';
      created_at: Date | string;
    }>(
      `select id::text, price::text, qty::text, taker_side, created_at from spot_fills
        where book = $1 and code = $2 order by spot_fills.id desc limit ${SPOT_LIMITS.recentTrades}`,
      [book, code],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      price: trimDecimal(r.price),
      qty: trimDecimal(r.qty),
      side: r.taker_side,
      at: new Date(r.created_at).getTime(),
    }));
  }
}
