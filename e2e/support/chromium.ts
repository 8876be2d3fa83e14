import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, as the browser tests and benchmarks launch it. The networking flags keep
 * it from calling out of this closed network (MACHINE-NOTES: it floods it with refused calls).
 */
export const CHROMIUM_LAUNCH: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};
