import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== ''),
);

/** Every setting, read from the environment once at start-up (README: "Configuration"). */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  /** Public origin of the app, used in e-mails and as the default CORS origin. */
  PUBLIC_URL: z.url().default('http://127.0.0.1:8080'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL URL; when absent the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** `memory` keeps the embedded database in memory (tests, benchmarks). */
  PGLITE_STORAGE: z.enum(['disk', 'memory']).default('disk'),
  /**
   * With `memory`: a dump (PGlite's dumpDataDir) of a database to start from instead of an
   * empty one: tests start from one migrated once, skipping initdb and the migrations.
   */
  PGLITE_TEMPLATE: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /**
   * Starts every bus channel on Redis: deployments sharing one Redis each set their own, so
   * none hears another's frames.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _ . : - only, at most 64')
    .default('kestrel:'),
  /** smtp(s)://user:pass@host:port; when absent, codes go to the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kestrel Markets <no-reply@kestrel.local>'),
  /** Serve GET /dev/outbox (never in production). */
  DEV_OUTBOX_ROUTE: bool.optional(),
  /**
   * Serve POST /dev/ticks, which feeds a price the caller names (browser tests drive a take
   * profit with it). Refused in production: prices come only from the feed there.
   */
  DEV_FEED_ROUTE: bool.optional(),
  /**
   * Serve POST /dev/clock, which moves the jobs' and plans' and loans' clock forward by whole
   * days (browser tests see a day's yield). Refused in production: days pass there on their own.
   */
  DEV_CLOCK_ROUTE: bool.optional(),
  /** The zone whose calendar days smart plans pay and loans accrue by (an IANA name). */
  EARN_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone')
    .default('UTC'),
  /**
   * How often (ms) the platform's spot market maker checks its quotes against the feed;
   * 0 stops it quoting (tests drive it themselves).
   */
  SPOT_QUOTE_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  CORS_ORIGINS: csv.optional(),
  /** Requests per minute per address, all routes together. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Requests per minute per address to each call that sends codes or checks passwords. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Open /message websockets per address (per /64 for IPv6), so one host cannot take a node's. */
  MESSAGE_MAX_PER_IP: z.coerce.number().int().min(1).max(20_000).default(100),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Directory of the built app; empty to serve the API only. */
  APP_DIST: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where prices come from: the seeded simulator, Binance's public streams, or nowhere. */
  MARKET_FEED: z.enum(['simulator', 'binance', 'off']).default('simulator'),
  MARKET_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(20_261_122),
  MARKET_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Days of simulated history written on a first start (1 to 365). */
  MARKET_BACKFILL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  BINANCE_WS_URL: z.url().default('wss://stream.binance.com:9443'),
  /**
   * Extended public keys per network ("ethereum=xpub…,bitcoin=xpub…"): each person gets their
   * own deposit address derived from it (docs/funds.md). Public keys only.
   */
  DEPOSIT_XPUBS: z.string().max(4000).default(''),
  /** Shared deposit addresses, for networks without a key: "USDT:tron=T…" (docs/funds.md). */
  DEPOSIT_ADDRESSES: z.string().max(4000).default(''),
  /** JSON-RPC of the EVM chain deposits are verified on and smart wallets checked against. */
  CHAIN_RPC_URL: z.url().optional(),
  /** The chain id CHAIN_RPC_URL must answer with (checked at start). */
  CHAIN_ID: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 32)
    .default(31337),
  /** ERC-20 contracts of the coins on that chain: "USDT=0x…,USDC=0x…" (ETH needs none). */
  CHAIN_TOKENS: z.string().max(2000).default(''),
  /** Blocks on top of a deposit's transaction before it is credited. */
  DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** A deposit still unconfirmed this long after it was declared goes to staff review. */
  DEPOSIT_CONFIRM_MINUTES: z.coerce.number().int().min(1).max(10_080).default(120),
  /** How often waiting deposits are read from the chain. */
  CHAIN_POLL_MS: z.coerce.number().int().min(1_000).max(600_000).default(15_000),
  /** How far back "find my transfer" reads token transfers, and scans blocks for ETH. */
  CHAIN_LOOKBACK_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(10_000),
  CHAIN_ETH_SCAN_BLOCKS: z.coerce.number().int().min(1).max(2_000).default(200),
  /**
   * The charity NFTs' ERC-721 contract, and its chain when it is not CHAIN_ID. The default is
   * where the local development chain deploys CharityNFT (test-support/local-chain.ts).
   */
  NFT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
  /**
   * The key of the account that holds the platform's charity tokens: each sold NFT is sent
   * from it to the winner's linked wallet (docs/nfts.md). Unset: ownership stays the
   * platform's record only.
   */
  NFT_CUSTODY_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  NFT_CHAIN_ID: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 32)
    .optional(),
  /** A block explorer (https://etherscan.io): NFTs link their token and contract there. */
  CHAIN_EXPLORER_URL: z
    .url()
    .regex(/^https?:\/\//)
    .optional(),
  /** Chain ids a wallet sign-in message may name (EOA signatures verify on any of them). */
  SIWE_CHAIN_IDS: csv
    .transform((ids) => ids.map(Number))
    .pipe(
      z
        .array(
          z
            .number()
            .int()
            .min(1)
            .max(2 ** 32),
        )
        .max(20),
    )
    .default([1, 10, 56, 137, 8453, 42161]),
  /** Google sign-in is on when a client id is set; the issuer and its endpoints are configurable
   *  so tests use a local OpenID provider. */
  GOOGLE_CLIENT_ID: z.string().max(300).default(''),
  GOOGLE_CLIENT_SECRET: z.string().max(300).default(''),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  OIDC_AUTHORIZATION_ENDPOINT: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  OIDC_TOKEN_ENDPOINT: z.url().default('https://oauth2.googleapis.com/token'),
  /**
   * Master keys of the files kernel, "id:base64,id:base64" (32 bytes each): the first wraps new
   * files' data keys, the others still open what they wrapped (docs/files.md). Empty: a key
   * generated once into DATA_DIR (required in production on PostgreSQL).
   */
  FILES_MASTER_KEYS: z.string().max(4000).default(''),
  /** With BOOTSTRAP_ADMIN_PASSWORD: the first admin, created at start when no staff exists. */
  BOOTSTRAP_ADMIN_USERNAME: z.string().default(''),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().default(''),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.DEV_CLOCK_ROUTE === true) {
    throw new ConfigError('DEV_CLOCK_ROUTE is refused in production: days pass on their own');
  }
  if (c.NODE_ENV === 'production' && c.DEV_FEED_ROUTE === true) {
    throw new ConfigError(
      'DEV_FEED_ROUTE is refused in production: prices come only from the feed',
    );
  }
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    APP_DIST: c.APP_DIST === '' ? '' : path.resolve(c.APP_DIST),
    CORS_ORIGINS: c.CORS_ORIGINS ?? [new URL(c.PUBLIC_URL).origin],
    DEV_OUTBOX_ROUTE:
      c.NODE_ENV !== 'production' && (c.DEV_OUTBOX_ROUTE ?? c.SMTP_URL === undefined),
    DEV_FEED_ROUTE: c.NODE_ENV !== 'production' && c.DEV_FEED_ROUTE === true,
    DEV_CLOCK_ROUTE: c.NODE_ENV !== 'production' && c.DEV_CLOCK_ROUTE === true,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
