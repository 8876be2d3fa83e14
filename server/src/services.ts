import { getAddress } from 'viem';
import type { FundingOption } from '../../contract/funds/schemas.ts';
import type { Config } from './platform/config.ts';
import type { Bus } from './platform/bus/bus.ts';
import { createFeed } from './market/create-feed.ts';
import { INSTRUMENTS } from './market/instruments.ts';
import { MarketService } from './market/market-service.ts';
import type { Simulator } from './market/simulator.ts';
import { Watchlist } from './market/watchlist.ts';
import { Accounts } from './auth/accounts.ts';
import { VerificationCodes } from './auth/codes.ts';
import { LoginThrottle } from './platform/security/login-throttle.ts';
import { Sessions } from './auth/sessions.ts';
import { Contents } from './content/contents.ts';
import { Params } from './content/params.ts';
import type { Database } from './platform/db/database.ts';
import type { CodeSender } from './platform/notify/code-sender.ts';
import { AuditLog } from './audit/audit-log.ts';
import { BackOffice } from './admin/back-office.ts';
import { StaffAccounts } from './admin/staff-accounts.ts';
import { Balances } from './funds/balances.ts';
import { DemoBook } from './funds/demo-book.ts';
import { ChainDeposits, parseChainTokens } from './funds/chain-deposits.ts';
import { NftCatalogue } from './nfts/nft-catalogue.ts';
import { DepositAddresses } from './funds/deposit-addresses.ts';
import { developmentKeys, parseDepositXpubs } from './funds/deposit-keys.ts';
import { Deposits } from './funds/deposits.ts';
import { FundingNetworks } from './funds/funding-networks.ts';
import { ProofStore } from './funds/proofs.ts';
import { Withdrawals } from './funds/withdrawals.ts';
import { Ledger } from './ledger/ledger.ts';
import { OutboxSender } from './platform/notify/outbox-sender.ts';
import { createChain, type Chain } from './platform/chain/chain.ts';
import { Identities } from './auth/identities.ts';
import { SignInNonces } from './auth/nonces.ts';
import { OidcSignIn } from './auth/oidc-sign-in.ts';
import { WalletSignIn } from './auth/wallet-sign-in.ts';
import { SmtpSender } from './platform/notify/smtp-sender.ts';

/** Every service, wired once; routes receive this and nothing else. */
export interface Services {
  sessions: Sessions;
  accounts: Accounts;
  contents: Contents;
  params: Params;
  outbox: OutboxSender;
  bus: Bus;
  market: MarketService;
  watchlist: Watchlist;
  /** The simulator behind the feed, when prices are simulated (writes first-start history). */
  simulator: Simulator | undefined;
  ledger: Ledger;
  networks: FundingNetworks;
  proofs: ProofStore;
  deposits: Deposits;
  /** Each person's own deposit address per network (where an extended key is configured). */
  depositAddresses: DepositAddresses;
  withdrawals: Withdrawals;
  balances: Balances;
  demoBook: DemoBook;
  audit: AuditLog;
  staff: StaffAccounts;
  backOffice: BackOffice;
  /** The configured EVM chain, when CHAIN_RPC_URL is set. */
  chain: Chain | undefined;
  /** Deposits verified on that chain, when there is one. */
  chainDeposits: ChainDeposits | undefined;
  nfts: NftCatalogue;
  nonces: SignInNonces;
  /** The wallets and Google accounts each account holds. */
  identities: Identities;
  walletSignIn: WalletSignIn;
  /** Google (OpenID) sign-in, when GOOGLE_CLIENT_ID is set. */
  oidcSignIn: OidcSignIn | undefined;
}

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

export function createServices(config: Config, db: Database, bus: Bus): Services {
  const outbox = new OutboxSender(config.DATA_DIR);
  const sender: CodeSender = config.SMTP_URL
    ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM, outbox)
    : outbox;
  const sessions = new Sessions(db, config.SESSION_TTL_HOURS);
  const codes = new VerificationCodes(db, sender);
  const { feed, simulator } = createFeed(config, INSTRUMENTS);
  const market = new MarketService(db, bus, feed, {
    flushMs: 1000,
    sweepMs: 10 * 60_000,
    backfillDays: config.MARKET_BACKFILL_DAYS,
  });
  const params = new Params(db);
  const throttle = new LoginThrottle(db);
  const ledger = new Ledger(db);
  const chain = createChain(config);
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
        pollMs: config.CHAIN_POLL_MS,
        lookbackBlocks: config.CHAIN_LOOKBACK_BLOCKS,
        ethScanBlocks: config.CHAIN_ETH_SCAN_BLOCKS,
      },
      depositAddresses,
      networks,
    );
  const proofs = new ProofStore(db, config.DATA_DIR);
  const audit = new AuditLog(db);
  const balances = new Balances(
    db,
    (asset) => market.byInstrumentCode(`${asset}USDT`)?.last?.price,
  );
  const nonces = new SignInNonces(db);
  const identities = new Identities(db, sessions);
  const walletSignIn = new WalletSignIn(
    {
      origin: new URL(config.PUBLIC_URL).origin,
      chainIds: chain ? [...new Set([...config.SIWE_CHAIN_IDS, chain.id])] : config.SIWE_CHAIN_IDS,
      chain,
    },
    nonces,
    identities,
  );
  const oidcSignIn =
    config.GOOGLE_CLIENT_ID === ''
      ? undefined
      : new OidcSignIn(
          {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            issuer: config.OIDC_ISSUER,
            jwksUrl: config.OIDC_JWKS_URL,
            authorizationEndpoint: config.OIDC_AUTHORIZATION_ENDPOINT,
            tokenEndpoint: config.OIDC_TOKEN_ENDPOINT,
            redirectUri: `${new URL(config.PUBLIC_URL).origin}/api/loginCallback/google`,
          },
          nonces,
          identities,
        );
  const nfts = new NftCatalogue(
    db,
    {
      chainId: config.NFT_CHAIN_ID ?? config.CHAIN_ID,
      contract: getAddress(config.NFT_CONTRACT),
      explorerUrl: config.CHAIN_EXPLORER_URL,
    },
    chain,
  );
  return {
    chain,
    chainDeposits,
    nfts,
    nonces,
    identities,
    walletSignIn,
    oidcSignIn,
    bus,
    market,
    ledger,
    networks,
    proofs,
    audit,
    balances,
    depositAddresses,
    deposits: new Deposits(db, ledger, networks, proofs, audit, depositAddresses, chainDeposits),
    withdrawals: new Withdrawals(ledger, db, networks, params, audit),
    demoBook: new DemoBook(ledger, db),
    staff: new StaffAccounts(db, throttle, audit),
    backOffice: new BackOffice(db, ledger, balances, audit),
    watchlist: new Watchlist(db, market),
    simulator,
    sessions,
    accounts: new Accounts(db, sessions, codes, throttle),
    contents: new Contents(db),
    params,
    outbox,
  };
}
