import { toUnits } from '../../src/money/decimal.ts';

type Query = <T extends object>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * What must hold of spot trading in any committed state, read from the database alone: each
 * asset and book sums to zero, no user balance is negative, a person's held balance in a coin
 * is what their waiting orders hold (when nothing else holds), every order's filled quantity
 * is the sum of its fills, and every fill moved its base and quote once. Returns the first
 * broken one, or an empty list.
 */
export async function spotViolations(query: Query, opts: { holdsOnlySpot: boolean }) {
  const broken: string[] = [];
  for (const s of await query<{ asset: string; book: string; total: string }>(
    'select asset, book, sum(balance)::text as total from ledger_accounts group by asset, book',
  )) {
    if (Number(s.total) !== 0) broken.push(`${s.asset} ${s.book} sums to ${s.total}`);
  }
  for (const n of await query<{ id: string }>(
    'select id::text from ledger_accounts where user_id is not null and balance < 0',
  )) {
    broken.push(`account ${n.id} is negative`);
  }
  if (opts.holdsOnlySpot) {
    const holds = await query<{
      user_id: string;
      asset: string;
      book: string;
      held: string;
      orders: string;
    }>(
      `select a.user_id::text, a.asset, a.book, a.balance::text as held,
              coalesce((select sum(o.held) from spot_orders o join spot_pairs p on p.code = o.code
                         where o.user_id = a.user_id and o.book = a.book and o.status = 'waiting'
                           and (case when o.side = 'buy' then p.quote else p.base end) = a.asset), 0)::text
                as orders
         from ledger_accounts a where a.purpose = 'held'`,
    );
    for (const h of holds) {
      if (toUnits(h.held, 18) !== toUnits(h.orders, 18)) {
        broken.push(`user ${h.user_id} holds ${h.held} ${h.asset} (${h.book}), orders ${h.orders}`);
      }
    }
  }
  for (const o of await query<{ id: string }>(
    `select o.id::text from spot_orders o
      where o.filled <> coalesce((select sum(f.qty) from spot_fills f
                                   where f.maker_order = o.id or f.taker_order = o.id), 0)`,
  )) {
    broken.push(`order ${o.id}: filled is not the sum of its fills`);
  }
  const [moves] = await query<{ fills: string; base: string; quote: string }>(
    `select (select count(*) from spot_fills)::text as fills,
            (select count(*) from ledger_batches where idempotency_key like 'spot-fill:%:base')::text as base,
            (select count(*) from ledger_batches where idempotency_key like 'spot-fill:%:quote')::text as quote`,
  );
  if (moves?.base !== moves?.fills || moves?.quote !== moves?.fills) {
    broken.push(`fills ${moves?.fills}, base moves ${moves?.base}, quote moves ${moves?.quote}`);
  }
  return broken;
}

/** The waiting orders of one book as price levels: what a rebuilt engine must show. */
export async function waitingLevels(query: Query, book: string, code: string) {
  const rows = await query<{ side: string; price: string; qty: string }>(
    `select side, price::text, sum(qty - filled)::text as qty from spot_orders
      where book = $1 and code = $2 and status = 'waiting' group by side, price
      order by side, price`,
    [book, code],
  );
  return rows.map((r) => `${r.side} ${Number(r.price)} ${Number(r.qty)}`);
}
