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
} from '../../../contract/funds/schemas.ts';
import type { Chain } from '../platform/chain/chain.ts';
import {
  checkPayment,
  NATIVE_TRANSFER,
  tokenTransferLogs,
  type PaymentCheck,
} from '../platform/chain/payment-check.ts';
import type { Database, Queryable, Tx } from '../platform/db/database.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { toUnits } from '../money/decimal.ts';
import { isCreditTaken } from './chain-credits.ts';
import { creditDeposit } from './deposit-credit.ts';
import type { DepositAddresses } from './deposit-addresses.ts';
import { canonicalAddress } from './deposit-keys.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { FundingNetworks } from './funding-networks.ts';

export interface ChainDepositSettings {
  /** ERC-20 contracts of the coins on the chain (ETH needs none). */
  tokens: ReadonlyMap<Asset, Address>;
  confirmations: number;
  /** A payment not confirmed this long after it was declared goes to staff (10150). */
  confirmMinutes: number;
  /** How far back "find my transfer" reads token transfers, and scans blocks for ETH. */
  lookbackBlocks: number;
  ethScanBlocks: number;
}

/** Deposits on the configured chain's network ("ethereum" in the funding table). */
export const CHAIN_NETWORK = 'ethereum';
/** At most this many waiting deposits are read per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 100;
const TRANSFERS_MAX = 20;
/** Addresses per `getLogs` filter: nodes refuse very long topic lists. */
const TOPIC_CHUNK = 500;
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
  /** The address is the person's own (else it is the platform's shared one). */
  personal: boolean;
}

/** A payment to a person's own address, as the chain shows it. */
interface FoundPayment {
  asset: Asset;
  txHash: Hash;
  /** Canonical (lower-case) receiving address. */
  to: string;
  units: bigint;
  blockNumber: bigint;
}

/**
 * Sends a waiting deposit to staff review with the reason (and what the chain showed, where it
 * read the payment); nothing happens to a deposit no longer waiting.
 */
async function toReview(
  q: Queryable,
  id: number,
  code: number,
  seen: { chainAmount?: string | null; from?: Address; confirmations?: number } = {},
): Promise<void> {
  await q.query(
    `update deposits set chain_check = 'review', check_code = $2,
            chain_amount = coalesce($3, chain_amount), from_address = coalesce($4, from_address),
            confirmations = coalesce($5, confirmations)
      where id = $1 and chain_check = 'confirming' and status = 'pending'`,
    [
      id,
      code,
      seen.chainAmount ?? null,
      seen.from?.toLowerCase() ?? null,
      seen.confirmations ?? null,
    ],
  );
}

/**
 * Verifies declared deposits on the chain and credits those that paid what they say, once
 * confirmed; anything else goes to staff review with the reason (docs/funds.md). A sweep
 * re-reads the waiting ones, so a deposit declared before its transaction was mined, or while
 * the node was down, is still credited.
 */
export class ChainDeposits {
  private sweeping = false;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    readonly chain: Chain,
    readonly settings: ChainDepositSettings,
    private readonly addresses: DepositAddresses,
    private readonly networks: FundingNetworks,
    private readonly notices: Notices,
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

  /**
   * Finds new payments to people's own addresses, then checks every waiting deposit once;
   * returns how many waiting deposits were read.
   */
  async sweep(): Promise<number> {
    if (this.sweeping) return 0;
    this.sweeping = true;
    try {
      await this.discover().catch((err: Error) =>
        console.error('chain deposit discovery failed:', err.message),
      );
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
   * the deposit still waiting, and the credit shares staff approval's ledger key and transfer
   * guard: a check racing another check or a reviewer changes nothing twice.
   */
  async check(id: number): Promise<void> {
    const [row] = await this.db.query<WaitingRow>(
      `select d.id, d.user_id, d.asset, d.amount::text, d.tx_hash, d.deposit_address,
              now() > d.check_until as expired,
              exists (select 1 from deposit_addresses a where a.network = d.network
                        and a.address = d.deposit_address and a.user_id = d.user_id) as personal
         from deposits d
        where d.id = $1 and d.chain_check = 'confirming' and d.status = 'pending'`,
      [id],
    );
    if (row === undefined) return;
    const onChain = this.onChainOf(row.asset, CHAIN_NETWORK);
    if (onChain === null) {
      // The coin was taken out of CHAIN_TOKENS since it was declared: staff decide.
      await toReview(this.db, row.id, Code.depositNotConfirmed);
      return;
    }
    const result = await checkPayment(this.chain.client, {
      hash: row.tx_hash,
      recipient: getAddress(row.deposit_address),
      token: onChain.token === null ? null : getAddress(onChain.token),
      amount: toUnits(row.amount, ASSET_SCALE[row.asset]),
      confirmations: this.settings.confirmations,
    });
    try {
      await this.ledger.atomically((tx) => this.writeOutcome(tx, row, result));
    } catch (err) {
      if (!isCreditTaken(err)) throw err;
      // Someone else's claim of this payment was credited first (by staff): not twice.
      const seen =
        result.kind === 'paid'
          ? {
              chainAmount: showUnits(result.amount, row.asset),
              from: result.from,
              confirmations: result.confirmations,
            }
          : {};
      await toReview(this.db, row.id, Code.txHashUsed, seen);
    }
  }

  /** Writes one check's outcome: still waiting, to staff with the reason, or credited. */
  private async writeOutcome(tx: Tx, row: WaitingRow, result: PaymentCheck): Promise<void> {
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
    const chainAmount = result.amount === null ? null : showUnits(result.amount, row.asset);
    if (result.kind === 'refused') {
      await toReview(tx, row.id, result.code, { chainAmount, from: result.from });
      return;
    }
    assert(
      toUnits(row.amount, ASSET_SCALE[row.asset]) === result.amount,
      () => `deposit ${row.id}: paid ${result.amount} is not the declared amount`,
    );
    // At a shared address the payment is the person's only if it came from a wallet they
    // proved is theirs (a SIWE signature at sign-in or linking); anyone else's goes to staff.
    if (!row.personal && !(await this.linkedWallet(tx, Number(row.user_id), result.from))) {
      await toReview(tx, row.id, Code.depositSenderNotLinked, {
        chainAmount,
        from: result.from,
        confirmations: result.confirmations,
      });
      return;
    }
    const credited = await tx.query(
      `update deposits set status = 'approved', chain_check = 'verified', reviewed_at = now(),
              confirmations = $2, chain_amount = $3, from_address = $4
        where id = $1 and chain_check = 'confirming' and status = 'pending' returning id`,
      [row.id, result.confirmations, chainAmount, result.from.toLowerCase()],
    );
    if (credited.length === 0) return;
    await creditDeposit(
      this.ledger,
      this.notices,
      tx,
      { id: Number(row.id), userId: Number(row.user_id), asset: row.asset, amount: row.amount },
      {
        chain: CHAIN_NETWORK,
        txHash: row.tx_hash,
        asset: row.asset,
        logIndexes: result.logIndexes,
      },
    );
  }

  /**
   * The transfers a staff approval of a deposit on this chain credits (the guard's unit): ETH's
   * is the transaction's value; a token's are its Transfer logs to the deposit's address, or
   * where none went there, all of them in the transaction (a claim of a payment made to someone
   * else stands for it). Null when the chain shows none (unknown, reverted, another coin).
   */
  async transfersOf(d: {
    asset: Asset;
    txHash: string;
    depositAddress: string;
  }): Promise<number[] | null> {
    if (d.asset === 'ETH') return [NATIVE_TRANSFER];
    const token = this.settings.tokens.get(d.asset);
    if (token === undefined) return null;
    const logs = await tokenTransferLogs(
      this.chain.client,
      d.txHash as Hash,
      token,
      getAddress(d.depositAddress),
    );
    return logs.length > 0 ? logs : null;
  }

  private async linkedWallet(q: Queryable, userId: number, wallet: Address): Promise<boolean> {
    const rows = await q.query(
      `select 1 from user_identities
        where provider = 'wallet' and issuer = 'eip155' and subject = $1 and user_id = $2`,
      [wallet.toLowerCase(), userId],
    );
    return rows.length > 0;
  }

  /** 10162 unless `wallet` is linked to the person's account. */
  async assertLinked(userId: number, wallet: Address): Promise<void> {
    if (!(await this.linkedWallet(this.db, userId, wallet))) {
      throw new AppError(Code.walletNotLinked, { field: 'from' });
    }
  }

  /**
   * Payments of `asset` to any of `recipients` in blocks `from`..`to`, optionally only from
   * `sender`. Token payments come from Transfer logs (one filter per chunk of recipients); ETH
   * ones from reading each block, since no node indexes ETH transfers by address.
   */
  private async paymentsTo(
    asset: Asset,
    recipients: ReadonlySet<string>,
    blocks: { from: bigint; to: bigint },
    sender?: Address,
  ): Promise<FoundPayment[]> {
    const client = this.chain.client;
    const token = asset === 'ETH' ? null : this.settings.tokens.get(asset);
    if (token === undefined || recipients.size === 0 || blocks.from > blocks.to) return [];
    const found = new Map<string, FoundPayment>();
    const add = (txHash: Hash, to: string, units: bigint, blockNumber: bigint) => {
      const key = `${txHash}:${to}`;
      const prior = found.get(key);
      // Several transfers to one address in one transaction are one payment of their sum.
      found.set(key, { asset, txHash, to, units: (prior?.units ?? 0n) + units, blockNumber });
    };
    if (token !== null) {
      const all = [...recipients];
      for (let i = 0; i < all.length; i += TOPIC_CHUNK) {
        const chunk = all.slice(i, i + TOPIC_CHUNK).map((a) => getAddress(a));
        const logs = await client.getLogs({
          address: token,
          event: TRANSFER_EVENT,
          args: { to: chunk, ...(sender === undefined ? {} : { from: sender }) },
          fromBlock: blocks.from,
          toBlock: blocks.to,
        });
        for (const log of logs) {
          const value = log.args.value ?? 0n;
          if (log.transactionHash === null || log.blockNumber === null || value === 0n) continue;
          add(log.transactionHash, (log.args.to ?? '').toLowerCase(), value, log.blockNumber);
        }
      }
    } else {
      for (let n = blocks.to; n >= blocks.from; n--) {
        const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
        for (const tx of block.transactions) {
          if (tx.to === null || tx.value === 0n) continue;
          if (sender !== undefined && tx.from.toLowerCase() !== sender.toLowerCase()) continue;
          const to = tx.to.toLowerCase();
          if (recipients.has(to)) add(tx.hash, to, tx.value, n);
        }
      }
    }
    return [...found.values()];
  }

  /**
   * The sweep's first half: payments to people's own addresses since the last sweep become
   * their deposits, with no form to fill. Reads at most `ethScanBlocks` blocks a sweep from a
   * cursor kept in the database; a payment recorded twice (two nodes, or a declaration first)
   * is one row, since a person has one claim per payment.
   */
  async discover(): Promise<number> {
    if (!this.addresses.personal(CHAIN_NETWORK)) return 0;
    const cursorName = `deposits:${this.chain.id}`;
    const latest = await this.chain.client.getBlockNumber();
    const [cursor] = await this.db.query<{ next_block: string }>(
      'select next_block::text from chain_cursors where name = $1',
      [cursorName],
    );
    const span = BigInt(this.settings.ethScanBlocks);
    const first =
      cursor === undefined ? (latest >= span ? latest - span + 1n : 0n) : BigInt(cursor.next_block);
    if (first > latest) return 0;
    const last = first + span - 1n < latest ? first + span - 1n : latest;
    const watched = new Set<string>();
    for await (const page of this.addresses.watched(CHAIN_NETWORK)) {
      for (const a of page) watched.add(a);
    }
    const options = (await this.networks.list()).filter(
      (o) => o.network === CHAIN_NETWORK && o.deposit === 'personal' && o.onChain !== null,
    );
    let recorded = 0;
    for (const option of options) {
      const payments = await this.paymentsTo(option.asset, watched, { from: first, to: last });
      for (const p of payments) recorded += await this.record(option, p);
    }
    await this.db.query(
      `insert into chain_cursors (name, next_block) values ($1, $2)
         on conflict (name) do update set next_block = greatest(chain_cursors.next_block, $2)`,
      [cursorName, String(last + 1n)],
    );
    return recorded;
  }

  /** Records a payment found at a person's address as their deposit; 1 if it is new. */
  private async record(option: FundingOption, p: FoundPayment): Promise<number> {
    const owner = await this.addresses.ownerOf(this.db, CHAIN_NETWORK, p.to);
    if (owner === undefined) return 0;
    const amount = showUnits(p.units, p.asset);
    // Below the published minimum: recorded for the person and staff to see, not credited.
    const below = p.units < toUnits(option.minDeposit, option.scale);
    const rows = await this.db.query(
      `insert into deposits (user_id, request_key, asset, network, amount, tx_hash, deposit_address,
         source, chain_check, check_code, chain_amount, confirmations_required, check_until)
       values ($1, $2, $3, $4, $5, $6, $7, 'found', $8, $9, $10, $11,
               now() + make_interval(mins => $12))
       on conflict do nothing returning id`,
      [
        owner,
        `found:${p.asset}:${p.txHash.toLowerCase()}`,
        p.asset,
        CHAIN_NETWORK,
        amount,
        p.txHash.toLowerCase(),
        p.to,
        below ? 'review' : 'confirming',
        below ? Code.belowMinimumDeposit : null,
        below ? amount : null,
        this.settings.confirmations,
        this.settings.confirmMinutes,
      ],
    );
    return rows.length;
  }

  /**
   * "Find my transfer": the latest payments of `asset` to the person's own addresses, or, where
   * the address is shared, from their linked wallet `from` to it; newest first. Token payments
   * look back `lookbackBlocks`, ETH ones `ethScanBlocks` (each block is read).
   */
  async findTransfers(
    userId: number,
    option: FundingOption,
    from: Address | undefined,
  ): Promise<ChainTransfer[]> {
    if (option.onChain === null || option.deposit === 'none') {
      throw new AppError(Code.chainUnavailable, { field: 'asset' });
    }
    let recipients: Set<string>;
    if (option.deposit === 'personal') {
      const mine = await this.db.query<{ address: string }>(
        'select address from deposit_addresses where user_id = $1 and network = $2',
        [userId, CHAIN_NETWORK],
      );
      recipients = new Set(mine.map((r) => r.address));
    } else {
      if (from === undefined) throw new AppError(Code.walletNotLinked, { field: 'from' });
      await this.assertLinked(userId, from);
      recipients = new Set([canonicalAddress(CHAIN_NETWORK, option.depositAddress ?? '')]);
    }
    const latest = await this.chain.client.getBlockNumber();
    const back = BigInt(
      option.asset === 'ETH' ? this.settings.ethScanBlocks : this.settings.lookbackBlocks,
    );
    const found = await this.paymentsTo(
      option.asset,
      recipients,
      { from: latest >= back ? latest - back + 1n : 0n, to: latest },
      option.deposit === 'shared' ? from : undefined,
    );
    const newest = found
      .sort((a, b) => Number(b.blockNumber - a.blockNumber))
      .slice(0, TRANSFERS_MAX);
    const hashes = newest.map((f) => f.txHash.toLowerCase());
    // "Used": already this person's deposit, or credited to anyone at that address.
    const used = new Set(
      (
        await this.db.query<{ tx_hash: string; deposit_address: string }>(
          `select tx_hash, lower(deposit_address) as deposit_address from deposits
            where tx_hash = any($1::text[]) and asset = $2
              and (user_id = $3 or status = 'approved')`,
          [hashes, option.asset, userId],
        )
      ).map((r) => `${r.tx_hash}:${r.deposit_address}`),
    );
    return newest.map((f) => ({
      txHash: f.txHash.toLowerCase(),
      amount: showUnits(f.units, option.asset),
      blockNumber: Number(f.blockNumber),
      confirmations: Number(latest - f.blockNumber + 1n),
      used: used.has(`${f.txHash.toLowerCase()}:${f.to}`),
    }));
  }
}
