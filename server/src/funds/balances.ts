import type { Book } from '../../../contract/envelope.ts';
import {
  ASSET_SCALE,
  ASSETS,
  type Asset,
  type AssetBalance,
  type BalancesResult,
  type Transaction,
} from '../../../contract/funds/schemas.ts';
import type { Queryable } from '../platform/db/database.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { showUnits, trimDecimal } from '../money/amounts.ts';

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
  amount: string;
  /** The person's account on each side, when it is theirs (null for a platform account). */
  from_purpose: 'available' | 'held' | null;
  to_purpose: 'available' | 'held' | null;
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
    // One record per movement: a hold (available to held) is one neutral line, not a debit and
    // a credit that would read like income.
    const mine = `select id from ledger_accounts
                   where user_id = $1 and book = $2 and ($3::text is null or asset = $3)`;
    const moves = `
      select t.id from ledger_transfers t where t.from_account in (${mine})
      union
      select t.id from ledger_transfers t where t.to_account in (${mine})`;
    const args = [userId, book, q.asset ?? null];
    const rows = await this.db.query<TransferRow>(
      `select t.id, t.asset, t.amount::text, t.kind, t.reference, t.created_at,
              case when fa.user_id = $1 then fa.purpose end as from_purpose,
              case when ta.user_id = $1 then ta.purpose end as to_purpose
         from ledger_transfers t
         join ledger_accounts fa on fa.id = t.from_account
         join ledger_accounts ta on ta.id = t.to_account
        where t.id in (${moves})
        order by t.id desc limit $4 offset $5`,
      [...args, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      `select count(*)::int as n from (${moves}) m`,
      args,
    );
    return {
      list: rows.map((r) => {
        const direction =
          r.from_purpose !== null && r.to_purpose !== null
            ? ('internal' as const)
            : r.to_purpose !== null
              ? ('in' as const)
              : ('out' as const);
        const purpose = r.to_purpose ?? r.from_purpose ?? 'available';
        return {
          id: Number(r.id),
          asset: r.asset,
          amount: `${direction === 'out' ? '-' : ''}${trimDecimal(r.amount)}`,
          direction,
          purpose: direction === 'out' ? (r.from_purpose ?? 'available') : purpose,
          kind: r.kind,
          reference: r.reference,
          createdAt: new Date(r.created_at).toISOString(),
        };
      }),
      total: count?.n ?? 0,
    };
  }
}
