import type { Config } from './config.ts';
import type { Bus } from './bus/bus.ts';
import { createFeed } from './market/create-feed.ts';
import { INSTRUMENTS } from './market/instruments.ts';
import { MarketService } from './market/market-service.ts';
import type { Simulator } from './market/simulator.ts';
import { Watchlist } from './market/watchlist.ts';
import { Accounts } from './auth/accounts.ts';
import { VerificationCodes } from './auth/codes.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { Sessions } from './auth/sessions.ts';
import { Contents } from './content/contents.ts';
import { Params } from './content/params.ts';
import type { Database } from './db/database.ts';
import type { CodeSender } from './notify/code-sender.ts';
import { OutboxSender } from './notify/outbox-sender.ts';
import { SmtpSender } from './notify/smtp-sender.ts';

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
  return {
    bus,
    market,
    watchlist: new Watchlist(db, market),
    simulator,
    sessions,
    accounts: new Accounts(db, sessions, codes, new LoginThrottle(db)),
    contents: new Contents(db),
    params: new Params(db),
    outbox,
  };
}
