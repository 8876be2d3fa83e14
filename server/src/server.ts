import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import { createStaffBody } from '../../contract/admin/schemas.ts';
import { Code } from '../../contract/errors.ts';
import { adminModule, type AdminModule } from './admin/module.ts';
import { AuditLog } from './audit/audit-log.ts';
import { authModule, type AuthModule } from './auth/module.ts';
import { contentModule, type ContentModule } from './content/module.ts';
import { seedContent } from './content/seed.ts';
import { fundsModule, type FundsModule } from './funds/module.ts';
import { buildApp } from './http/app.ts';
import type { Capability } from './http/capability.ts';
import { filesRoutes } from './http/routes/files-routes.ts';
import { Ledger } from './ledger/ledger.ts';
import { assertDisjointTransfers } from './money/transfers.ts';
import { FUNDS_TRANSFERS } from './funds/transfers.ts';
import { TRADING_TRANSFERS } from './trading/transfers.ts';
import { SPOT_TRANSFERS } from './trading/spot/transfers.ts';
import { marketModule, type MarketModule } from './market/module.ts';
import { tradingModule, type TradingModule } from './trading/module.ts';
import { nftsModule, type NftsModule } from './nfts/module.ts';
import { NFTS_TRANSFERS } from './nfts/transfers.ts';
import { rewardsModule, type RewardsModule } from './rewards/module.ts';
import { REWARDS_TRANSFERS } from './rewards/transfers.ts';
import { invitesModule, type InvitesModule } from './invites/module.ts';
import { INVITES_TRANSFERS } from './invites/transfers.ts';
import { supportModule, type SupportModule } from './support/module.ts';
import { supportFileKinds } from './support/files.ts';
import type { SidebarRow } from './support/sidebar.ts';
import { VerificationCodes } from './auth/codes.ts';
import { LocalBus, type Bus } from './platform/bus/bus.ts';
import { Channels } from './platform/bus/channels.ts';
import { RedisBus } from './platform/bus/redis-bus.ts';
import { assertChainId, createChain, type Chain } from './platform/chain/chain.ts';
import { ConfigError, type Config } from './platform/config.ts';
import type { Database } from './platform/db/database.ts';
import { openDatabase } from './platform/db/open-database.ts';
import { EngineHost } from './platform/engine-host.ts';
import { Files } from './platform/files/files.ts';
import { FileKinds } from './platform/files/kinds.ts';
import { keyringOf } from './platform/files/master-keys.ts';
import { fundsFileKinds } from './funds/files.ts';
import { kycFileKinds } from './kyc/files.ts';
import { plansModule, type PlansModule } from './plans/module.ts';
import { PLANS_TRANSFERS } from './plans/transfers.ts';
import { loansModule, type LoansModule } from './loans/module.ts';
import { LOANS_TRANSFERS } from './loans/transfers.ts';
import { loansFileKinds } from './loans/files.ts';
import { Clock } from './platform/clock.ts';
import { kycModule, type KycModule } from './kyc/module.ts';
import { DEFAULT_JOBS_OPTIONS, Jobs } from './platform/jobs/jobs.ts';
import { accountEventsTopic } from './platform/live/account-events.ts';
import { assertAssetScales } from './money/assets.ts';
import type { CodeSender } from './platform/notify/code-sender.ts';
import { OutboxSender } from './platform/notify/outbox-sender.ts';
import { SmtpSender } from './platform/notify/smtp-sender.ts';
import { LoginThrottle } from './platform/security/login-throttle.ts';
import { Notices } from './platform/notifications/notices.ts';
import { ReviewDesk } from './platform/review/review-desk.ts';
import { notificationsModule, type NotificationsModule } from './notifications/module.ts';
import { securityModule, type SecurityModule } from './security/module.ts';

/** Advisory lock id of the engines' leader (any constant unique in this database). */
const ENGINE_LOCK = 727_002;

/** Every capability, in the order they start (each may use those before it). */
export interface Modules {
  security: SecurityModule;
  auth: AuthModule;
  content: ContentModule;
  market: MarketModule;
  funds: FundsModule;
  trading: TradingModule;
  nfts: NftsModule;
  notifications: NotificationsModule;
  kyc: KycModule;
  plans: PlansModule;
  loans: LoansModule;
  rewards: RewardsModule;
  invites: InvitesModule;
  support: SupportModule;
  admin: AdminModule;
}

export interface Server {
  app: FastifyInstance;
  db: Database;
  ledger: Ledger;
  /** The configured EVM chain, when CHAIN_RPC_URL is set. */
  chain: Chain | undefined;
  /** The local outbox verification codes are written to (and read by /dev/outbox). */
  outbox: OutboxSender;
  /** The bus's typed channels: a person's events are published on `user.events`. */
  channels: Channels;
  modules: Modules;
  /** The files kernel: every capability's uploads, encrypted, served to who may see them. */
  files: Files;
  /** The jobs kernel: every capability's periodic work, with its runs' status. */
  jobs: Jobs;
  /** The jobs' and the calendar capabilities' clock (moved only by tests and /dev/clock). */
  clock: Clock;
  /** Answers that were the system's fault (10030), since start. */
  faults: { systemErrors: number };
  close(): Promise<void>;
}

/** BOOTSTRAP_ADMIN_*: the first admin where no one can run the command (a fresh container, e2e). */
async function bootstrapAdmin(config: Config, admin: AdminModule): Promise<void> {
  if (config.BOOTSTRAP_ADMIN_USERNAME === '') return;
  const input = createStaffBody.safeParse({
    username: config.BOOTSTRAP_ADMIN_USERNAME,
    password: config.BOOTSTRAP_ADMIN_PASSWORD,
    role: 'admin',
  });
  if (!input.success) throw new ConfigError('BOOTSTRAP_ADMIN_USERNAME/PASSWORD: see docs/admin.md');
  try {
    await admin.staff.createFirstAdmin(input.data);
  } catch (err) {
    // Another node created it at the same moment.
    if ((err as { code?: unknown }).code !== Code.usernameExists) throw err;
  }
}

/** The kernels every capability stands on, made once. */
async function openPlatform(config: Config) {
  const db = await openDatabase(config);
  await assertAssetScales(db);
  await seedContent(db);
  // REDIS_URL: the bus spans every node; otherwise it stays in this process.
  const bus: Bus = config.REDIS_URL
    ? await RedisBus.connect(config.REDIS_URL, config.REDIS_PREFIX)
    : new LocalBus();
  const channels = new Channels(bus);
  const chain = createChain(config);
  if (chain) await assertChainId(chain);
  // Each capability's ledger key prefixes and kinds are its own (money/transfers.ts).
  assertDisjointTransfers([
    FUNDS_TRANSFERS,
    TRADING_TRANSFERS,
    SPOT_TRANSFERS,
    PLANS_TRANSFERS,
    LOANS_TRANSFERS,
    NFTS_TRANSFERS,
    REWARDS_TRANSFERS,
    INVITES_TRANSFERS,
  ]);
  const ledger = new Ledger(db);
  const audit = new AuditLog(db);
  const keyring = await keyringOf(config);
  const outbox = new OutboxSender(config.DATA_DIR);
  return {
    db,
    channels,
    // On a shared PostgreSQL, one elected node runs the engines; the others follow.
    engines: new EngineHost(channels, config.DATABASE_URL, ENGINE_LOCK),
    chain,
    ledger,
    audit,
    // Each capability declares its kinds of file in its own files.ts; the kernel refuses others.
    keyring,
    files: new Files(
      db,
      keyring,
      new FileKinds([...fundsFileKinds, ...kycFileKinds, ...loansFileKinds, ...supportFileKinds]),
      audit,
    ),
    outbox,
    sender: config.SMTP_URL
      ? new SmtpSender(config.SMTP_URL, config.MAIL_FROM, outbox)
      : (outbox as CodeSender),
    throttle: new LoginThrottle(db),
    notices: new Notices(channels),
    reviews: new ReviewDesk((fn) => ledger.atomically(fn), audit),
    clock: new Clock(),
  };
}
type Platform = Awaited<ReturnType<typeof openPlatform>>;

/** Every capability, each given what it needs of the platform and of those before it. */
function composeModules(config: Config, p: Platform): Modules {
  const { db, ledger, audit, chain, files, notices, reviews } = p;
  // Before auth and funds: a sign-in and a withdrawal may need the second factor. Its second
  // step signs in through auth (read when a request comes, once auth exists).
  const security = securityModule({
    db,
    keyring: p.keyring,
    throttle: p.throttle,
    now: p.clock.now,
    authRateLimit: config.AUTH_RATE_LIMIT_MAX,
    signIn: (userId, client) => auth.accounts.signIn(userId, client),
  });
  const auth = authModule({
    db,
    config,
    sender: p.sender,
    throttle: p.throttle,
    chain,
    guard: security.factors,
  });
  const content = contentModule({ db, audit });
  const market = marketModule({ db, engines: p.engines, config, params: content.params });
  // Before funds: a person's level caps their withdrawals.
  const kyc = kycModule({ db, files, reviews, notices, params: content.params });
  const funds = fundsModule({
    db,
    ledger,
    audit,
    config,
    chain,
    files,
    notices,
    reviews,
    params: content.params,
    priceOf: market.priceOf,
    identity: kyc.kyc,
    withdrawalGuard: security.withdrawalGuard,
  });
  const trading = tradingModule({
    db,
    audit,
    ledger,
    notices,
    channels: p.channels,
    engines: p.engines,
    instruments: { byId: (id) => market.tradable(id), byCode: (code) => market.tradable(code) },
    params: content.params,
    fundDemo: (userId) => funds.demoBook.ensureFunded(userId),
    quoteMs: config.SPOT_QUOTE_MS,
  });
  const nfts = nftsModule({
    db,
    ledger,
    audit,
    notices,
    channels: p.channels,
    config,
    chain,
    walletOf: async (userId) =>
      (await auth.identities.list(userId)).filter((i) => i.provider === 'wallet').at(-1)
        ?.subject as Address | undefined,
    now: p.clock.now,
  });
  const admin = adminModule({
    db,
    audit,
    throttle: p.throttle,
    authRateLimit: config.AUTH_RATE_LIMIT_MAX,
  });
  const notifications = notificationsModule({ db });
  const earn = { db, ledger, audit, notices, timeZone: config.EARN_TIME_ZONE, now: p.clock.now };
  const plans = plansModule(earn);
  const loans = loansModule({ ...earn, files, reviews, identity: kyc.kyc, params: content.params });
  const rewards = rewardsModule({
    db,
    ledger,
    audit,
    params: content.params,
    progress: {
      realTrades: (id) => trading.activity.realTrades(id),
      planSubscriptions: (id) => plans.plans.count(id),
      verified: (id) => kyc.kyc.verified(id),
    },
    now: p.clock.now,
  });
  const invites = invitesModule({ db, ledger, params: content.params, now: p.clock.now });
  const support = composeSupport(config, p, { content, kyc, funds, trading });
  return {
    security,
    auth,
    content,
    market,
    funds,
    trading,
    nfts,
    notifications,
    kyc,
    plans,
    loans,
    rewards,
    invites,
    support,
    admin,
  };
}

/**
 * Support reads the person's records for its sidebar from kyc, funds and trading (real book),
 * and sends visitors auth's one-time codes.
 */
function composeSupport(
  config: Config,
  p: Platform,
  m: Pick<Modules, 'content' | 'kyc' | 'funds' | 'trading'>,
): SupportModule {
  const params = m.content.params;
  const codes = new VerificationCodes(p.db, p.sender);
  const email = (address: string) => ({ channel: 'email' as const, address });
  const page = (size: number) => ({ page: 1, size });
  const money = (r: { asset: string; amount: string; status: string; createdAt: string }) => ({
    label: r.asset,
    status: r.status,
    amount: `${r.amount} ${r.asset}`,
    at: r.createdAt,
  });
  const order = (status: 'current' | undefined) => async (userId: number, size: number) =>
    (await m.trading.contracts.list(userId, 'real', { status, ...page(size) })).list.map(
      (o): SidebarRow => ({
        label: o.code,
        status: o.status,
        amount: `${o.margin} USDT`,
        at: o.createdAt,
      }),
    );
  return supportModule({
    db: p.db,
    audit: p.audit,
    files: p.files,
    notices: p.notices,
    channels: p.channels,
    params: {
      floodMessages: async () => Number(await params.get('support_flood_messages')),
      floodSeconds: async () => Number(await params.get('support_flood_seconds')),
      replyHours: async () => Number(await params.get('support_reply_hours')),
      visitorDays: async () => Number(await params.get('support_visitor_days')),
    },
    codes: {
      issue: async (address, lang) =>
        void (await codes.issue(email(address), 'support', lang, true)),
      consume: (address, code) => codes.consume(email(address), 'support', code),
    },
    records: {
      kycStatus: (userId) => m.kyc.kyc.status(userId),
      deposits: async (userId, size) =>
        (await m.funds.deposits.list(userId, page(size))).list.map(money),
      withdrawals: async (userId, size) =>
        (await m.funds.withdrawals.list(userId, page(size))).list.map(money),
      orders: order(undefined),
      positions: order('current'),
    },
    authRateLimit: config.AUTH_RATE_LIMIT_MAX,
  });
}

/**
 * The composition root. Boot order: config (given) -> database (migrated, seeded) -> platform
 * (bus, chain, ledger, audit, kernels) -> capabilities, each given what it needs of those
 * before it -> HTTP -> background work (engines, jobs).
 */
export async function createServer(config: Config): Promise<Server> {
  const platform = await openPlatform(config);
  const { db, ledger, engines, channels, files } = platform;
  const modules = composeModules(config, platform);
  const { auth, market, funds, admin } = modules;
  // Start order is the order composeModules made them in (each may use those before it).
  const ordered: Capability[] = Object.values(modules);
  // Periodic work runs on the elected node, after the engines (it may read what they keep).
  const jobs = new Jobs(db, (fn) => ledger.atomically(fn), {
    ...DEFAULT_JOBS_OPTIONS,
    now: platform.clock.now,
  });
  for (const job of ordered.flatMap((c) => c.jobs ?? [])) jobs.add(job);
  engines.add(jobs);

  const faults = { systemErrors: 0 };
  await funds.prepare();
  await bootstrapAdmin(config, admin);
  const app = await buildApp(config, {
    // The files kernel's own calls (a person's file, staff reads) beside the capabilities'.
    capabilities: [...ordered, { name: 'files', routes: (r) => filesRoutes(r, files) }],
    gate: {
      session: (token) => auth.sessions.resolve(token),
      staff: (token) => admin.staff.resolve(token),
    },
    market: market.market,
    topics: [...ordered.flatMap((c) => c.topics ?? []), accountEventsTopic(channels)],
    outbox: platform.outbox,
    faults,
    clock: { clock: platform.clock, jobs },
  });
  for (const capability of ordered) await capability.start?.();
  await engines.start();
  return {
    app,
    db,
    ledger,
    chain: platform.chain,
    outbox: platform.outbox,
    channels,
    modules,
    files,
    jobs,
    clock: platform.clock,
    faults,
    async close() {
      await app.close();
      await engines.stop();
      for (const capability of [...ordered].reverse()) await capability.stop?.();
      await channels.close();
      await db.close();
    },
  };
}
