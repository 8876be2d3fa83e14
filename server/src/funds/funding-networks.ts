import { isAddressFor, type Network } from '../../../contract/funds/addresses.ts';
import { Code } from '../../../contract/errors.ts';
import { ASSET_SCALE, type Asset, type FundingOption } from '../../../contract/funds/schemas.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import type { Queryable } from '../platform/db/database.ts';
import { AppError } from '../errors.ts';
import { trimDecimal } from '../money/amounts.ts';

interface NetworkRow {
  asset: Asset;
  network: Network;
  deposit_address: string | null;
  min_deposit: string;
  min_withdrawal: string;
  bank_withdrawal: boolean;
}

/**
 * Parses DEPOSIT_ADDRESSES ("USDT:ethereum=0x…,BTC:bitcoin=bc1…"): each address must pass its
 * network's checksum, so a typo in the configuration stops the start instead of losing deposits.
 */
export function parseDepositAddresses(
  raw: string,
): { asset: string; network: Network; address: string }[] {
  if (raw.trim() === '') return [];
  return raw.split(',').map((entry) => {
    const m = /^([A-Z]{2,10}):(ethereum|tron|bitcoin)=(\S+)$/.exec(entry.trim());
    if (m === null) throw new Error(`DEPOSIT_ADDRESSES: cannot read "${entry}"`);
    const [, asset = '', network, address = ''] = m;
    if (!isAddressFor(network as Network, address)) {
      throw new Error(`DEPOSIT_ADDRESSES: ${address} is not a valid ${network} address`);
    }
    return { asset, network: network as Network, address };
  });
}

/** The coins and chains of deposits and withdrawals, with addresses and minimums. */
export class FundingNetworks {
  private readonly cache = new TtlCache<NetworkRow[]>(30_000, 1);

  constructor(
    private readonly db: Queryable,
    /** Which options the configured chain verifies (none without a chain). */
    private readonly onChainOf: (asset: Asset, network: Network) => FundingOption['onChain'] = () =>
      null,
    /** Networks whose deposits go to per-person addresses (an extended key is configured). */
    private readonly personal: (network: Network) => boolean = () => false,
  ) {}

  async applyAddresses(entries: ReturnType<typeof parseDepositAddresses>): Promise<void> {
    for (const e of entries) {
      const rows = await this.db.query(
        'update funding_networks set deposit_address = $3 where asset = $1 and network = $2 returning asset',
        [e.asset, e.network, e.address],
      );
      if (rows.length !== 1) throw new Error(`DEPOSIT_ADDRESSES: no ${e.asset} on ${e.network}`);
    }
    this.cache.forget(() => true);
  }

  async list(): Promise<FundingOption[]> {
    let rows = this.cache.get('all');
    if (rows === undefined) {
      rows = await this.db.query<NetworkRow>(
        `select asset, network, deposit_address, min_deposit::text, min_withdrawal::text, bank_withdrawal
           from funding_networks order by sort`,
      );
      this.cache.set('all', rows);
    }
    return rows.map((r) => ({
      asset: r.asset,
      network: r.network,
      scale: ASSET_SCALE[r.asset],
      // A per-person key wins over a shared address; with neither, deposits are not offered.
      deposit: this.personal(r.network)
        ? ('personal' as const)
        : r.deposit_address === null
          ? ('none' as const)
          : ('shared' as const),
      depositAddress: this.personal(r.network) ? null : r.deposit_address,
      minDeposit: trimDecimal(r.min_deposit),
      minWithdrawal: trimDecimal(r.min_withdrawal),
      bankWithdrawal: r.bank_withdrawal,
      onChain: this.onChainOf(r.asset, r.network),
    }));
  }

  /** The option for `asset` on `network`, or 10122 when that pair is not offered. */
  async get(asset: Asset, network: Network): Promise<FundingOption> {
    const option = (await this.list()).find((o) => o.asset === asset && o.network === network);
    if (option === undefined) throw new AppError(Code.assetWrong, { field: 'network' });
    return option;
  }

  /** The option for a deposit of `asset` on `network`: 10122 if unknown, 10160 if not offered. */
  async forDeposit(asset: Asset, network: Network): Promise<FundingOption> {
    const option = await this.get(asset, network);
    if (option.deposit === 'none')
      throw new AppError(Code.depositUnavailable, { field: 'network' });
    return option;
  }

  /** The option a bank payout of `asset` follows (its minimum), or 10122 if none allows it. */
  async bankOption(asset: Asset): Promise<FundingOption> {
    const option = (await this.list()).find((o) => o.asset === asset && o.bankWithdrawal);
    if (option === undefined) throw new AppError(Code.assetWrong, { field: 'asset' });
    return option;
  }
}
