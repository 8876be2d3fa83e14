import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/platform/config.ts';

describe('configuration', () => {
  it('starts on embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DEV_OUTBOX_ROUTE).toBe(true);
  });

  it('names the bad setting and the value it got', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: .*"eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });

  it('never serves the outbox in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX_ROUTE: 'true' }).DEV_OUTBOX_ROUTE).toBe(
      false,
    );
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).DEV_OUTBOX_ROUTE).toBe(false);
  });

  it('refuses a test-driven feed in production and serves it only when asked', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_FEED_ROUTE: 'true' })).toThrow(
      /DEV_FEED_ROUTE/,
    );
    expect(loadConfig({}).DEV_FEED_ROUTE).toBe(false);
    expect(loadConfig({ DEV_FEED_ROUTE: 'true' }).DEV_FEED_ROUTE).toBe(true);
  });
});
