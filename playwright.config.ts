import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CHAIN_PORT,
  CHAIN_READY_PORT,
  E2E_CHAIN_URL,
  E2E_CONFIRMATIONS,
  E2E_EXPLORER,
} from './e2e/support/chain-env.ts';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium.ts';

/** Browser tests drive Debian's Chromium against the real server on a fresh in-memory database. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The local OpenID provider Google sign-in is tested against (e2e/support/oidc-provider.ts).
 * Not 4190: fetch refuses that port (the WHATWG "bad ports" list).
 */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 4180);
const OIDC = `http://127.0.0.1:${OIDC_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
    {
      name: 'mobile',
      use: {
        ...devices['iPhone 13'],
        viewport: { width: 390, height: 844 },
        browserName: 'chromium',
        launchOptions: CHROMIUM_LAUNCH,
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/local-chain-server.ts',
      url: `http://127.0.0.1:${CHAIN_READY_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_CHAIN_PORT: String(CHAIN_PORT) },
    },
    {
      command: 'npx tsx e2e/support/oidc-provider.ts',
      url: `${OIDC}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: 'npx tsx server/src/main.ts',
      url: `${BASE_URL}/swx/customer/index/getParamByKey/down_url`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        NODE_ENV: 'test',
        PORT: String(PORT),
        PUBLIC_URL: BASE_URL,
        DATA_DIR: path.join(tmpdir(), `kestrel-e2e-${process.pid}`),
        PGLITE_STORAGE: 'memory',
        APP_DIST: 'dist',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        AUTH_RATE_LIMIT_MAX: '100000',
        DEV_OUTBOX_ROUTE: 'true',
        DEV_FEED_ROUTE: 'true',
        MARKET_BACKFILL_DAYS: '4',
        MARKET_TICK_MS: '500',
        BOOTSTRAP_ADMIN_USERNAME: 'e2e-admin',
        BOOTSTRAP_ADMIN_PASSWORD: 'e2e-admin-password-1',
        SIWE_CHAIN_IDS: '1,31337',
        GOOGLE_CLIENT_ID: 'kestrel-e2e',
        GOOGLE_CLIENT_SECRET: 'kestrel-e2e-secret',
        OIDC_ISSUER: OIDC,
        OIDC_JWKS_URL: `${OIDC}/jwks`,
        OIDC_AUTHORIZATION_ENDPOINT: `${OIDC}/authorize`,
        OIDC_TOKEN_ENDPOINT: `${OIDC}/token`,
        CHAIN_RPC_URL: E2E_CHAIN_URL,
        CHAIN_ID: '31337',
        // TestUSDT's address on a fresh node (test-support/local-chain.ts).
        CHAIN_TOKENS: 'USDT=0x5FbDB2315678afecb367f032d93F642f64180aa3',
        // No DEPOSIT_XPUBS or DEPOSIT_ADDRESSES: per-person addresses from the development keys.
        DEPOSIT_CONFIRMATIONS: String(E2E_CONFIRMATIONS),
        CHAIN_POLL_MS: '1000',
        CHAIN_EXPLORER_URL: E2E_EXPLORER,
      },
    },
  ],
});
