import type { FundingOption } from '../../../contract/funds/schemas.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Ledger } from '../ledger/ledger.ts';
import type { Chain } from '../platform/chain/chain.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import { fundsAdminRoutes } from './admin-routes.ts';
import { BackOffice } from './back-office.ts';
import { Balances } from './balances.ts';
import { ChainDeposits, parseChainTokens } from './chain-deposits.ts';
import { DemoBook } from './demo-book.ts';
import { DepositAddresses } from './deposit-addresses.ts';
import { developmentKeys, parseDepositXpubs } from './deposit-keys.ts';
import { Deposits } from './deposits.ts';
import { FundingNetworks, parseDepositAddresses } from './funding-networks.ts';
import { DepositProofs } from './proofs.ts';
import type { PeriodicJob } from '../platform/jobs/jobs.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import type { ReviewDesk } from '../platform/review/review-desk.ts';
import { WithdrawalCap, type Identity } from './withdrawal-cap.ts';
import { fundsRoutes } from './routes.ts';
import { Withdrawals, type FeeParams, type WithdrawalGuard } from './withdrawals.ts';
import type { FundsServices } from './services.ts';

export interface FundsNeeds {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  config: Config;
  /** The configured EVM chain, when CHAIN_RPC_URL is set. */
  chain: Chain | undefined;
  /** The withdrawal fee rate and minimums, from the platform's parameters. */
  params: FeeParams;
  /** The last price of `asset` in USDT, from the feed (balances value holdings with it). */
  priceOf(asset: string): string | undefined;
  /** Tells people of their deposits and withdrawals (the notification centre's kernel). */
  notices: Notices;
  /** Staff decisions on deposits and withdrawals (the review queue's kernel). */
  reviews: ReviewDesk;
  /** Whether a person is verified (the kyc capability's): their level's withdrawal cap. */
  identity: Identity;
  /** The files kernel, where deposit proofs are stored (kinds in ./files.ts). */
  files: Files;
  /** A withdrawal's second factor and hold (the security capability's). */
  withdrawalGuard: WithdrawalGuard;
}

export type FundsModule = Capability &
  FundsServices & {
    /**
     * Checks the configured tokens, applies DEPOSIT_ADDRESSES and moves plaintext proofs of
     * before the files kernel into it (before HTTP opens).
     */
    prepare(): Promise<void>;
  };

/**
 * The extended public keys per-person deposit addresses come from. Outside production, with
 * neither keys nor shared addresses configured, development keys (docs/funds.md) stand in, so
 * the embedded default shows the real flow; production without either offers no deposits.
 */
function depositKeysOf(config: Config) {
  if (config.DEPOSIT_XPUBS !== '') return parseDepositXpubs(config.DEPOSIT_XPUBS);
  if (config.DEPOSIT_ADDRESSES === '' && config.NODE_ENV !== 'production') return developmentKeys();
  return new Map();
}

/** Balances, deposits (declared and found on chain), withdrawals and the back office's money. */
export function fundsModule(needs: FundsNeeds): FundsModule {
  const { db, ledger, audit, config, chain, params } = needs;
  const depositAddresses = new DepositAddresses(db, depositKeysOf(config));
  // The closure reads chainDeposits once it exists (each needs the other).
  const networks: FundingNetworks = new FundingNetworks(
    db,
    (a, n): FundingOption['onChain'] => chainDeposits?.onChainOf(a, n) ?? null,
    (n) => depositAddresses.personal(n),
  );
  const chainDeposits: ChainDeposits | undefined =
    chain &&
    new ChainDeposits(
      db,
      ledger,
      chain,
      {
        tokens: parseChainTokens(config.CHAIN_TOKENS),
        confirmations: config.DEPOSIT_CONFIRMATIONS,
        confirmMinutes: config.DEPOSIT_CONFIRM_MINUTES,
        lookbackBlocks: config.CHAIN_LOOKBACK_BLOCKS,
        ethScanBlocks: config.CHAIN_ETH_SCAN_BLOCKS,
      },
      depositAddresses,
      networks,
      needs.notices,
    );
  const proofs = new DepositProofs(db, needs.files, config.DATA_DIR);
  const balances = new Balances(db, needs.priceOf);
  const services: FundsServices = {
    networks,
    proofs,
    depositAddresses,
    chainDeposits,
    balances,
    deposits: new Deposits(
      db,
      ledger,
      networks,
      proofs,
      depositAddresses,
      needs.notices,
      needs.reviews,
      chainDeposits,
    ),
    withdrawals: new Withdrawals(
      ledger,
      db,
      networks,
      params,
      needs.notices,
      needs.reviews,
      new WithdrawalCap(params, needs.identity, needs.priceOf),
      needs.withdrawalGuard,
    ),
    demoBook: new DemoBook(ledger),
    backOffice: new BackOffice(db, ledger, balances, audit),
  };
  return {
    name: 'funds',
    ...services,
    async prepare() {
      await chainDeposits?.assertTokens();
      await networks.applyAddresses(parseDepositAddresses(config.DEPOSIT_ADDRESSES));
      await proofs.moveLegacy();
    },
    routes: (r) => {
      fundsRoutes(r, services);
      fundsAdminRoutes(r, services);
    },
    jobs: chainDeposits ? [chainSweepJob(chainDeposits, config.CHAIN_POLL_MS)] : [],
  };
}

/** Re-reads the chain for new and waiting deposits; a missed turn is covered by the next. */
function chainSweepJob(chainDeposits: ChainDeposits, pollMs: number): PeriodicJob {
  return {
    name: 'funds.chain-sweep',
    schedule: { every: 'interval', ms: pollMs },
    missed: 'latest',
    runOutside: async () => ({ waitingRead: await chainDeposits.sweep() }),
  };
}
