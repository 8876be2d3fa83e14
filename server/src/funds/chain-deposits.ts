import { getAddress, isAddress, getAbiItem, type Address, type Hash } from 'viem';
import { erc20DepositAbi } from '../../../contracts-abi/abis.ts';
import { Code } from '../../../contract/errors.ts';
import {
  ASSETS,
  ASSET_SCALE,
  showUnits,
  type Asset,
  type ChainTransfer,
  type FundingOption,
} from '../../../contract/funds.ts';
import type { Chain } from '../chain/chain.ts';
import { checkPayment } from '../chain/payment-check.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../market/decimal.ts';
import { creditDeposit } from './deposit-credit.ts';

export interface ChainDepositSettings {
  /** ERC-20 contracts of the coins on the chain (ETH needs none). */
  tokens: ReadonlyMap<Asset, Address>;
  confirmations: number;
  /** A payment not confirmed this long after it was declared goes to staff (10150). */
  confirmMinutes: number;
  pollMs: number;
  /** How far back "find my transfer" reads token transfers, and scans blocks for ETH. */
  lookbackBlocks: number;
  ethScanBlocks: number;
}

/** Deposits on the configured chain's network ("ethereum" in the funding table). */
export const CHAIN_NETWORK = 'ethereum';
/** At most this many waiting deposits are read per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 100;
const TRANSFERS_MAX = 20;
const TRANSFER_EVENT = getAbiItem({ abi: erc20DepositAbi, name: 'Transfer' });

/** CHAIN_TOKENS ("USDT=0x…,USDC=0x…"): a typo stops the start instead of missing deposits. */
export function parseChainTokens(raw: string): Map<Asset, Address> {
  const tokens = new Map<Asset, Address>();
  if (raw.trim() === '') return tokens;
  for (const entry of raw.split(',')) {
    const [asset = '', address = ''] = entry.trim().split('=');
    if (!(ASSETS as readonly string[]).includes(asset) || asset === 'ETH') {
      throw new Error(`CHAIN_TOKENS: "${asset}" is not a token the ledger holds`);
    }
    if (!isAddress(address)) throw new Error(`CHAIN_TOKENS: ${address} is not an address`);
    tokens.set(asset as Asset, getAddress(address));
  }
  return tokens;
}

interface WaitingRow {
  id: number;
  user_id: number;
  asset: Asset;
  amount: string;
  tx_hash: Hash;
  deposit_address: string;
  expired: boolean;
}

/**
 * Verifies declared deposits on the chain and credits those that paid what they say, once
 * confirmed; anything else goes to staff review with the reason (docs/funds.md). A sweep
 * re-reads the waiting ones, so a deposit declared before its transaction was mined, or while
 * the node was down, is still credited.
 */
export class ChainDeposits {
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    readonly chain: Chain,
    readonly settings: ChainDepositSettings,
  ) {}

  /** A token whose decimals differ from the ledger's scale would credit the wrong amount. */
  async assertTokens(): Promise<void> {
    for (const [asset, address] of this.settings.tokens) {
      const decimals = await this.chain.client.readContract({
        address,
        abi: erc20DepositAbi,
        functionName: 'decimals',
      });
      if (decimals !== ASSET_SCALE[asset]) {
        throw new Error(
          `CHAIN_TOKENS: ${asset} at ${address} has ${decimals} decimals, the ledger keeps ${ASSET_SCALE[asset]}`,
        );
      }
    }
  }

  /** The `onChain` part of a funding option: null where this chain cannot verify it. */
  onChainOf(asset: Asset, network: string): FundingOption['onChain'] {
    if (network !== CHAIN_NETWORK) return null;
    const token = asset === 'ETH' ? null : this.settings.tokens.get(asset);
    if (token === undefined) return null;
    return {
      chainId: this.chain.id,
      token,
      decimals: ASSET_SCALE[asset],
      confirmations: this.settings.confirmations,
    };
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => {
      this.sweep().catch((err: Error) => console.error('chain deposit sweep failed:', err.message));
    }, this.settings.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Checks every waiting deposit once; returns how many were read. */
  async sweep(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      const rows = await this.db.query<{ id: number }>(
        `select id from deposits where chain_check = 'confirming' and status = 'pending'
          order by id limit $1`,
        [SWEEP_BATCH],
      );
      for (const r of rows) {
        // One unreadable transaction (or a node hiccup) must not hold up the others.
        await this.check(Number(r.id)).catch((err: Error) =>
          console.error(`deposit ${r.id}: chain check failed:`, err.message),
        );
      }
      return rows.length;
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Reads one waiting deposit's transaction and records the outcome. Every write is guarded by
   * the deposit still waiting, and the credit shares staff approval's ledger key: a check racing
   * another check or a reviewer changes nothing twice.
   */
  async check(id: number): Promise<void> {
    const [row] = await this.db.query<WaitingRow>(
      `select d.id, d.user_id, d.asset, d.amount::text, d.tx_hash, f.deposit_address,
              now() > d.check_until as expired
         from deposits d join funding_networks f on f.asset = d.asset and f.network = d.network
        where d.id = $1 and d.chain_check = 'confirming' and d.status = 'pending'`,
      [id],
    );
    if (row === undefined) return;
    const onChain = this.onChainOf(row.asset, CHAIN_NETWORK);
    if (onChain === null) {
      // The coin was taken out of CHAIN_TOKENS since it was declared: staff decide.
      await this.db.query(
        `update deposits set chain_check = 'review', check_code = $2
          where id = $1 and chain_check = 'confirming' and status = 'pending'`,
        [row.id, Code.depositNotConfirmed],
      );
      return;
    }
    const result = await checkPayment(this.chain.client, {
      hash: row.tx_hash,
      recipient: getAddress(row.deposit_address),
      token: onChain.token === null ? null : getAddress(onChain.token),
      amount: toUnits(row.amount, ASSET_SCALE[row.asset]),
      confirmations: this.settings.confirmations,
    });
    await this.ledger.atomically(async (tx) => {
      if (result.kind === 'confirming') {
        const code = row.expired ? Code.depositNotConfirmed : null;
        await tx.query(
          `update deposits set confirmations = $2,
                  chain_check = case when $3::int is null then chain_check else 'review' end,
                  check_code = $3
            where id = $1 and chain_check = 'confirming' and status = 'pending'`,
          [row.id, result.confirmations, code],
        );
        return;
      }
      if (result.kind === 'refused') {
        await tx.query(
          `update deposits set chain_check = 'review', check_code = $2, chain_amount = $3,
                  from_address = $4
            where id = $1 and chain_check = 'confirming' and status = 'pending'`,
          [
            row.id,
            result.code,
            result.amount === null ? null : showUnits(result.amount, row.asset),
            result.from.toLowerCase(),
          ],
        );
        return;
      }
      if (toUnits(row.amount, ASSET_SCALE[row.asset]) !== result.amount) {
        throw new Error(`deposit ${row.id}: paid ${result.amount} is not the declared amount`);
      }
      const credited = await tx.query(
        `update deposits set status = 'approved', chain_check = 'verified', reviewed_at = now(),
                confirmations = $2, chain_amount = $3, from_address = $4
          where id = $1 and chain_check = 'confirming' and status = 'pending' returning id`,
        [
          row.id,
          result.confirmations,
          showUnits(result.amount, row.asset),
          result.from.toLowerCase(),
        ],
      );
      if (credited.length === 0) return;
      await creditDeposit(this.ledger, tx, {
        id: Number(row.id),
        userId: Number(row.user_id),
        asset: row.asset,
        amount: row.amount,
      });
    });
  }

  /**
   * "Find my transfer": the latest payments of `asset` from `from` to the platform's address,
   * newest first. Token payments come from Transfer logs; ETH ones from scanning recent blocks
   * (no node indexes ETH transfers by address), so ETH looks back less far.
   */
  async findTransfers(option: FundingOption, from: Address): Promise<ChainTransfer[]> {
    const onChain = option.onChain;
    if (onChain === null) throw new AppError(Code.chainUnavailable, { field: 'asset' });
    const client = this.chain.client;
    const recipient = getAddress(option.depositAddress);
    const latest = await client.getBlockNumber();
    const found: { txHash: Hash; units: bigint; blockNumber: bigint }[] = [];
    if (onChain.token !== null) {
      const lookback = BigInt(this.settings.lookbackBlocks);
      const logs = await client.getLogs({
        address: getAddress(onChain.token),
        event: TRANSFER_EVENT,
        args: { from, to: recipient },
        fromBlock: latest >= lookback ? latest - lookback + 1n : 0n,
        toBlock: latest,
      });
      for (const log of logs) {
        if (log.transactionHash === null || log.blockNumber === null) continue;
        found.push({
          txHash: log.transactionHash,
          units: log.args.value ?? 0n,
          blockNumber: log.blockNumber,
        });
      }
    } else {
      const scan = BigInt(this.settings.ethScanBlocks);
      for (let n = latest; n >= 0n && n > latest - scan && found.length < TRANSFERS_MAX; n--) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
        for (const tx of block.transactions) {
          if (tx.to === null || tx.value === 0n) continue;
          if (tx.from.toLowerCase() !== from.toLowerCase()) continue;
          if (tx.to.toLowerCase() !== recipient.toLowerCase()) continue;
          found.push({ txHash: tx.hash, units: tx.value, blockNumber: n });
        }
      }
    }
    const newest = found
      .sort((a, b) => Number(b.blockNumber - a.blockNumber))
      .slice(0, TRANSFERS_MAX);
    const hashes = newest.map((f) => f.txHash.toLowerCase());
    const used = new Set(
      (
        await this.db.query<{ tx_hash: string }>(
          'select tx_hash from deposits where tx_hash = any($1::text[])',
          [hashes],
        )
      ).map((r) => r.tx_hash),
    );
    return newest.map((f) => ({
      txHash: f.txHash.toLowerCase(),
      amount: showUnits(f.units, option.asset),
      blockNumber: Number(f.blockNumber),
      confirmations: Number(latest - f.blockNumber + 1n),
      used: used.has(f.txHash.toLowerCase()),
    }));
  }
}
