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

  /**
   * A desk batch's start, in one statement: `count` new order ids (ascending: ids only grow in
   * a book) and which of these (owner, request key) pairs are already stored.
   */
  async prepare(
    tx: Tx,
    count: number,
    keys: readonly { userId: number; key: string }[],
  ): Promise<{ ids: number[]; taken: Set<string> }> {
    if (count === 0 && keys.length === 0) return { ids: [], taken: new Set() };
    const [row] = await tx.query<{ ids: string[]; taken: string[] }>(
      // The lateral limit keeps the key lookups on the (user_id, request_key) index.
      `select array(select nextval(pg_get_serial_sequence('spot_orders', 'id'))::text
                      from generate_series(1, $1)) as ids,
              array(select k.u::text || ':' || k.key
                      from unnest($2::bigint[], $3::text[]) as k(u, key)
                      cross join lateral (select 1 from spot_orders o
                                           where o.user_id = k.u and o.request_key = k.key
                                           limit 1) as stored) as taken`,
      [count, keys.map((k) => k.userId), keys.map((k) => k.key)],
    );
    if (row === undefined) throw new Error('spot batch start returned no row');
    return {
      ids: row.ids.map(Number).sort((a, b) => a - b),
      taken: new Set(row.taken),
    };
  }

  /**
   * Writes a desk batch's orders and fills in one statement: the new orders as they ended the
   * batch, the changes of older ones (each must still be waiting), and the fills between them
   * (checked against the orders at the statement's end). Answers every order row written and
   * each fill's id in the order given: a fill is the only one between its maker and taker
   * orders, since a taker meets a maker once.
   */
  async writeBatch(
    tx: Tx,
    created: readonly (NewOrder & { id: number; change: OrderChange | undefined })[],
    changed: ReadonlyMap<number, OrderChange>,
    fills: readonly NewFill[],
  ): Promise<{ rows: OrderRow[]; fillIds: number[] }> {
    const updates = [...changed];
    const rows = await tx.query<OrderRow & { fills: string[] | null }>(
      `with created as (
         insert into spot_orders (id, user_id, book, code, request_key, body_hash, side,
           order_type, tif, price, qty, filled, turnover, fee, held, status, reason, platform,
           ref_price, ref_ts, ended_at)
         overriding system value
         select n.id, n.user_id, n.book, n.code, n.request_key, n.body_hash, n.side, n.order_type,
                n.tif, n.price, n.qty, n.filled, n.turnover, n.fee, n.held, n.status, n.reason,
                n.platform, n.ref_price, n.ref_ts,
                case when n.status = 'waiting' then null else now() end
           from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[],
                       $7::text[], $8::text[], $9::text[], $10::numeric[], $11::numeric[],
                       $12::numeric[], $13::numeric[], $14::numeric[], $15::numeric[],
                       $16::text[], $17::text[], $18::boolean[], $19::numeric[],
                       $20::timestamptz[])
                as n(id, user_id, book, code, request_key, body_hash, side, order_type, tif, price,
                     qty, filled, turnover, fee, held, status, reason, platform, ref_price, ref_ts)
          order by n.id
         returning ${ORDER_COLUMNS}
       ), changed as (
         update spot_orders o
            set filled = c.c_filled, turnover = c.c_turnover, fee = c.c_fee, held = c.c_held,
                status = c.c_status, reason = c.c_reason,
                ended_at = case when c.c_status = 'waiting' then null else now() end
           from unnest($21::bigint[], $22::numeric[], $23::numeric[], $24::numeric[],
                       $25::numeric[], $26::text[], $27::text[])
                as c(c_id, c_filled, c_turnover, c_fee, c_held, c_status, c_reason)
          where o.id = c.c_id and o.status = 'waiting'
         returning ${ORDER_COLUMNS}
       ), fills as (
         insert into spot_fills (book, code, maker_order, taker_order, taker_side, price, qty,
           turnover, maker_fee, taker_fee)
         select f.book, f.code, f.maker_order, f.taker_order, f.taker_side, f.price, f.qty,
                f.turnover, f.maker_fee, f.taker_fee
           from unnest($28::text[], $29::text[], $30::bigint[], $31::bigint[], $32::text[],
                       $33::numeric[], $34::numeric[], $35::numeric[], $36::numeric[],
                       $37::numeric[])
                with ordinality as f(book, code, maker_order, taker_order, taker_side, price, qty,
                                     turnover, maker_fee, taker_fee, n)
          order by f.n
         returning id, maker_order, taker_order
       )
       select w.*, (select array_agg(f.maker_order || ':' || f.taker_order || ':' || f.id)
                      from fills f) as fills
         from (select * from created union all select * from changed) as w`,
      [
        created.map((o) => o.id),
        created.map((o) => o.userId),
        created.map((o) => o.book),
        created.map((o) => o.code),
        created.map((o) => o.requestKey),
        created.map((o) => o.bodyHash),
        created.map((o) => o.side),
        created.map((o) => o.type),
        created.map((o) => o.tif),
        created.map((o) => o.price),
        created.map((o) => o.qty),
        created.map((o) => o.change?.filled ?? '0'),
        created.map((o) => o.change?.turnover ?? '0'),
        created.map((o) => o.change?.fee ?? '0'),
        created.map((o) => o.change?.held ?? o.held),
        created.map((o) => o.change?.status ?? o.status),
        created.map((o) => (o.change === undefined ? o.reason : o.change.reason)),
        created.map((o) => o.platform),
        created.map((o) => o.refPrice),
        created.map((o) => (o.refTs === null ? null : new Date(o.refTs).toISOString())),
        updates.map(([id]) => id),
        updates.map(([, c]) => c.filled),
        updates.map(([, c]) => c.turnover),
        updates.map(([, c]) => c.fee),
        updates.map(([, c]) => c.held),
        updates.map(([, c]) => c.status),
        updates.map(([, c]) => c.reason),
        fills.map((f) => f.book),
        fills.map((f) => f.code),
        fills.map((f) => f.makerOrder),
        fills.map((f) => f.takerOrder),
        fills.map((f) => f.takerSide),
        fills.map((f) => f.price),
        fills.map((f) => f.qty),
        fills.map((f) => f.turnover),
        fills.map((f) => f.makerFee),
        fills.map((f) => f.takerFee),
      ],
    );
    if (rows.length !== created.length + updates.length) {
      throw new Error(`spot orders: ${rows.length} of ${created.length + updates.length} written`);
    }
    const written = new Map<string, number>();
    for (const entry of rows[0]?.fills ?? []) {
      const [maker, taker, id] = entry.split(':');
      written.set(`${maker}:${taker}`, Number(id));
    }
    const fillIds = fills.map((f) => {
      const id = written.get(`${f.makerOrder}:${f.takerOrder}`);
      if (id === undefined || written.size !== fills.length) {
        throw new Error(`spot fill ${f.makerOrder}/${f.takerOrder} not written once`);
      }
      return id;
    });
    return { rows: rows.map(({ fills: _fills, ...row }) => row), fillIds };
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

  /**
   * The highest id any order row has (0: none): every id a desk draws later is above it, so a
   * rebuilt book refuses it and all below it (the primary key's index answers at once).
   */
  async lastOrderId(): Promise<number> {
    const [row] = await this.db.query<{ id: string }>(
      'select coalesce(max(id), 0)::text as id from spot_orders',
    );
    return Number(row?.id ?? 0);
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
