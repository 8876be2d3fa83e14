import type { Book } from '../../../contract/envelope.ts';
import {
  ASSET_SCALE,
  ASSETS,
  type Asset,
  type AssetBalance,
  type BalancesResult,
  type Transaction,
} from '../../../contract/funds.ts';
import type { Queryable } from '../db/database.ts';
import { fromUnits, toUnits } from '../market/decimal.ts';
import { showUnits, trimDecimal } from './amounts.ts';

/** The last USDT price of a coin from the live feed, as a decimal string. */
export type PriceOf = (asset: Asset) => string | undefined;

/** `units` at `scale` times `price`, in USDT rounded half up to cents. */
export function usdtValue(units: bigint, scale: number, price: string): string {
  const decimals = price.split('.')[1]?.length ?? 0;
  const product = units * toUnits(price, decimals);
  const shift = 10n ** BigInt(scale + decimals - 2);
  return fromUnits((product + shift / 2n) / shift, 2);
}

interface TransferRow {
  id: number;
  asset: Asset;
  purpose: 'available' | 'held';
  amount: string;
  incoming: boolean;
  kind: string;
  reference: string | null;
  created_at: Date;
}

/** What a person holds in one book, valued at live prices, and every movement behind it. */
export class Balances {
  constructor(
    private readonly db: Queryable,
    private readonly priceOf: PriceOf,
  ) {}

  async of(userId: number, book: Book): Promise<BalancesResult> {
    const rows = await this.db.query<{
      asset: Asset;
      purpose: 'available' | 'held';
      balance: string;
    }>(
      `select asset, purpose, balance::text from ledger_accounts where user_id = $1 and book = $2`,
      [userId, book],
    );
    let total = 0n;
    const assets = ASSETS.map((asset): AssetBalance => {
      const scale = ASSET_SCALE[asset];
      const get = (purpose: string) =>
        toUnits(
          rows.find((r) => r.asset === asset && r.purpose === purpose)?.balance ?? '0',
          scale,
        );
      const available = get('available');
      const frozen = get('held');
      const price = asset === 'USDT' ? '1' : this.priceOf(asset);
      const value = price === undefined ? null : usdtValue(available + frozen, scale, price);
      if (value !== null) total += toUnits(value, 2);
      return {
        asset,
        available: showUnits(available, asset),
        frozen: showUnits(frozen, asset),
        total: showUnits(available + frozen, asset),
        usdtValue: value,
        price: price ?? null,
      };
    });
    return { book, assets, totalUsdt: fromUnits(total, 2) };
  }

  async transactions(
    userId: number,
    book: Book,
    q: { page: number; size: number; asset?: Asset },
  ): Promise<{ list: Transaction[]; total: number }> {
    // Each movement appears once per account of the person it touched (a hold: twice).
    const touched = `
      select t.id, t.asset, a.purpose, t.amount::text, t.to_account = a.id as incoming, t.kind,
             t.reference, t.created_at
        from ledger_accounts a join ledger_transfers t on t.from_account = a.id
       where a.user_id = $1 and a.book = $2 and ($3::text is null or a.asset = $3)
      union all
      select t.id, t.asset, a.purpose, t.amount::text, t.to_account = a.id as incoming, t.kind,
             t.reference, t.created_at
        from ledger_accounts a join ledger_transfers t on t.to_account = a.id
       where a.user_id = $1 and a.book = $2 and ($3::text is null or a.asset = $3)`;
    const args = [userId, book, q.asset ?? null];
    const rows = await this.db.query<TransferRow>(
      `select * from (${touched}) m order by id desc, purpose limit $4 offset $5`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from (${touched}) m`,
      args,
    );
    return {
      list: rows.map((r) => ({
        id: Number(r.id),
        asset: r.asset,
        amount: `${r.incoming ? '' : '-'}${trimDecimal(r.amount)}`,
        purpose: r.purpose,
        kind: r.kind,
        reference: r.reference,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: count?.n ?? 0,
    };
  }
}
