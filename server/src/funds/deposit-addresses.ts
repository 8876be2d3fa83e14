import { getAddress } from 'viem';
import type { Network } from '../../../contract/funds/addresses.ts';
import type { Database, Queryable } from '../platform/db/database.ts';
import {
  canonicalAddress,
  deriveAddress,
  MAX_DERIVATION_INDEX,
  type DepositKey,
} from './deposit-keys.ts';

/** At most this many addresses are read per query of the sweep's watch list. */
const WATCH_PAGE = 5_000;

/**
 * Each person's own deposit address per network, derived from the operator's extended public
 * key. An address is handed out once: the index comes from a counter taken under its row lock
 * in the transaction that stores it, so concurrent requests never derive the same child.
 */
export class DepositAddresses {
  constructor(
    private readonly db: Database,
    private readonly keys: ReadonlyMap<Network, DepositKey>,
  ) {}

  /** Whether deposits on `network` go to per-person addresses. */
  personal(network: Network): boolean {
    return this.keys.has(network);
  }

  /** The person's address on `network` under the configured key, made on first use. */
  async addressOf(userId: number, network: Network): Promise<string> {
    const key = this.keys.get(network);
    if (key === undefined) throw new Error(`no deposit key for ${network}`);
    const existing = await this.current(this.db, userId, key);
    if (existing !== undefined) return existing;
    return this.db.transaction(async (tx) => {
      // The counter row's lock orders concurrent first requests; the second finds the first's.
      await tx.query(
        `insert into deposit_key_counters (network, key_id) values ($1, $2)
           on conflict (network, key_id) do nothing`,
        [network, key.id],
      );
      const [counter] = await tx.query<{ next_index: number }>(
        `select next_index from deposit_key_counters where network = $1 and key_id = $2 for update`,
        [network, key.id],
      );
      const again = await this.current(tx, userId, key);
      if (again !== undefined) return again;
      const index = Number(counter?.next_index ?? 0);
      if (index > MAX_DERIVATION_INDEX) throw new Error(`deposit key ${key.id} is exhausted`);
      const address = deriveAddress(key, index);
      await tx.query(
        `insert into deposit_addresses (network, address, user_id, key_id, derivation_index)
         values ($1, $2, $3, $4, $5)`,
        [network, canonicalAddress(network, address), userId, key.id, index],
      );
      await tx.query(
        `update deposit_key_counters set next_index = next_index + 1
          where network = $1 and key_id = $2`,
        [network, key.id],
      );
      return address;
    });
  }

  private async current(
    q: Queryable,
    userId: number,
    key: DepositKey,
  ): Promise<string | undefined> {
    const [row] = await q.query<{ address: string }>(
      `select address from deposit_addresses
        where user_id = $1 and network = $2 and key_id = $3`,
      [userId, key.network, key.id],
    );
    if (row === undefined) return undefined;
    // Stored lower-case on Ethereum: shown with its EIP-55 checksum, as derived.
    return key.network === 'ethereum' ? getAddress(row.address) : row.address;
  }

  /** Who owns `address` on `network`, under any key ever configured. */
  async ownerOf(q: Queryable, network: Network, address: string): Promise<number | undefined> {
    const [row] = await q.query<{ user_id: number }>(
      'select user_id from deposit_addresses where network = $1 and address = $2',
      [network, canonicalAddress(network, address)],
    );
    return row === undefined ? undefined : Number(row.user_id);
  }

  /** Every person's address on `network` (canonical form), for the chain sweep, in pages. */
  async *watched(network: Network): AsyncGenerator<string[]> {
    let after = '';
    for (;;) {
      const rows = await this.db.query<{ address: string }>(
        `select address from deposit_addresses where network = $1 and address > $2
          order by address limit $3`,
        [network, after, WATCH_PAGE],
      );
      if (rows.length === 0) return;
      yield rows.map((r) => r.address);
      if (rows.length < WATCH_PAGE) return;
      after = rows[rows.length - 1]?.address ?? '';
    }
  }
}
