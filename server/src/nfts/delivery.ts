import {
  BaseError,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hash,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { charityNftAbi } from '../../../contracts-abi/abis.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Queryable } from '../platform/db/database.ts';
import type { PeriodicJob } from '../platform/jobs/jobs.ts';

/** Deliveries one pass handles at most; the rest wait for the next. */
const DELIVERIES_PER_PASS = 20;
/** A sent transfer not mined after this long is looked at again (and sent again if needed). */
const RESEND_AFTER_MS = 120_000;
const RECEIPT_TIMEOUT_MS = 30_000;

/** The account that holds the platform's charity tokens, and what it signs with. */
export interface Custody {
  address: Address;
  wallet: WalletClient;
}

/** The custody account from NFT_CUSTODY_KEY, on the NFTs' chain; none without both. */
export function custodyOf(
  key: string | undefined,
  rpcUrl: string | undefined,
  chain: Chain | undefined,
  nftChainId: number,
): Custody | undefined {
  if (key === undefined || rpcUrl === undefined || chain?.id !== nftChainId) return undefined;
  const account = privateKeyToAccount(key as `0x${string}`);
  const wallet = createWalletClient({ account, transport: http(rpcUrl, { timeout: 10_000 }) });
  return { address: account.address, wallet };
}

interface DueRow {
  sale_id: number;
  user_id: number;
  token_id: string;
  status: 'pending' | 'no_address' | 'sending';
  tx_hash: string | null;
  updated_at: Date;
}

/**
 * Sends each sold NFT from the custody account to its winner's linked wallet (docs/nfts.md).
 * Outside any transaction (a chain call), so it must be idempotent itself: the chain's owner
 * is read before every send, a transfer already mined is only recorded, one in flight is
 * waited for, and the hash is stored the moment the node accepts it.
 */
export class NftDelivery {
  constructor(
    private readonly db: Queryable,
    private readonly chain: Chain,
    private readonly custody: Custody,
    private readonly contract: Address,
    private readonly walletOf: (userId: number) => Promise<Address | undefined>,
    private readonly now: () => number,
  ) {}

  job(): PeriodicJob {
    return {
      name: 'nfts.deliver',
      schedule: { every: 'interval', ms: 5_000 },
      missed: 'latest',
      runOutside: async () => ({ delivered: await this.pass() }),
    };
  }

  /** One pass over the deliveries due; returns how many reached their winner. */
  async pass(): Promise<number> {
    const due = await this.db.query<DueRow>(
      `select d.sale_id, d.user_id, n.token_id::text, d.status, d.tx_hash, d.updated_at
         from nft_deliveries d join nfts n on n.id = d.nft_id
        where d.status in ('pending', 'no_address', 'sending') order by d.updated_at limit $1`,
      [DELIVERIES_PER_PASS],
    );
    let delivered = 0;
    for (const row of due) {
      try {
        if (await this.deliver(row)) delivered += 1;
      } catch (err) {
        const message = err instanceof BaseError ? err.shortMessage : String(err);
        await this.set(row.sale_id, { error: message.slice(0, 500) });
      }
    }
    return delivered;
  }

  private async deliver(row: DueRow): Promise<boolean> {
    const to = await this.walletOf(Number(row.user_id));
    if (to === undefined) {
      if (row.status !== 'no_address') await this.set(row.sale_id, { status: 'no_address' });
      return false;
    }
    const token = BigInt(row.token_id);
    const owner = getAddress(
      await this.chain.client.readContract({
        address: this.contract,
        abi: charityNftAbi,
        functionName: 'ownerOf',
        args: [token],
      }),
    );
    if (owner === to) {
      await this.set(row.sale_id, { status: 'sent', to });
      return true;
    }
    if (owner !== this.custody.address) {
      await this.set(row.sale_id, { status: 'failed', error: `token held by ${owner}` });
      return false;
    }
    const inFlight = row.status === 'sending' && row.tx_hash !== null;
    if (inFlight && this.now() - new Date(row.updated_at).getTime() < RESEND_AFTER_MS) {
      return this.mined(row.sale_id, row.tx_hash as Hash, to);
    }
    // Claimed by its version (updated_at): a second runner reading the same row sends nothing.
    const claimed = await this.db.query(
      `update nft_deliveries set updated_at = $3, attempts = attempts + 1
        where sale_id = $1 and date_trunc('milliseconds', updated_at) = $2 returning sale_id`,
      [row.sale_id, row.updated_at, new Date(this.now())],
    );
    if (claimed.length === 0) return false;
    const hash = await this.custody.wallet.writeContract({
      account: this.custody.wallet.account ?? null,
      chain: null,
      address: this.contract,
      abi: charityNftAbi,
      functionName: 'transferFrom',
      args: [this.custody.address, to, token],
    });
    await this.set(row.sale_id, { status: 'sending', to, hash });
    return this.mined(row.sale_id, hash, to);
  }

  /** Waits a little for the transfer to be mined; a later pass looks again if not. */
  private async mined(saleId: number, hash: Hash, to: Address): Promise<boolean> {
    const receipt = await this.chain.client.waitForTransactionReceipt({
      hash,
      timeout: RECEIPT_TIMEOUT_MS,
    });
    if (receipt.status !== 'success') {
      await this.set(saleId, { status: 'failed', error: `transfer ${hash} reverted` });
      return false;
    }
    await this.set(saleId, { status: 'sent', to });
    return true;
  }

  private async set(
    saleId: number,
    c: { status?: string; to?: Address; hash?: Hash; error?: string },
  ): Promise<void> {
    await this.db.query(
      `update nft_deliveries set status = coalesce($2, status), to_address = coalesce($3, to_address),
         tx_hash = coalesce($4, tx_hash), last_error = $5, updated_at = $6
       where sale_id = $1`,
      [
        saleId,
        c.status ?? null,
        c.to ?? null,
        c.hash?.toLowerCase() ?? null,
        c.error ?? null,
        new Date(this.now()),
      ],
    );
  }
}
