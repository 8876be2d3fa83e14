import { defineConfig } from 'vitest/config';

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
        },
      },
      {
        test: {
          name: 'app',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'locales/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
