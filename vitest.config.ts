import { defineConfig } from 'vitest/config';
import { localeChunks } from './build-tools/locale-chunks.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['server/test/helpers/pglite-template.ts'],
          // A poll waits for an event (a job's pass, a chain's block): on a loaded machine
          // that can take longer than the default second.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // Modules that reach src/i18n/locale-files.ts import its build's locale tables.
        plugins: [localeChunks()],
        test: {
          name: 'app',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'locales/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
