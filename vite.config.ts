import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeChunks } from './build-tools/locale-chunks.ts';
import { precompress } from './build-tools/precompress.ts';
import { reactRouterProduction } from './build-tools/react-router-production.ts';

// The API server serves the built app in production; in development Vite proxies to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * The libraries every screen needs before its first paint: one request instead of seven. Only
 * the top-level copies: wagmi and valtio bring their own use-sync-external-store, which the
 * wallet screens load, not the start-up.
 */
const STARTUP_PACKAGES =
  /^(?!.*[\\/]node_modules[\\/].*[\\/]node_modules[\\/]).*[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack[\\/]query-core|@tanstack[\\/]react-query|use-sync-external-store)[\\/]/;

/**
 * TanStack Query's mutation hooks: only screens that change something use them, so they travel
 * with those screens rather than in the start-up chunk.
 */
const MUTATION_HOOKS =
  /[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](mutationObserver|useMutation)\.js$/;

/** Our own modules both layouts' chrome use: with it, not in a handful of 300-byte requests. */
const CHROME_COMMON =
  /[\\/]src[\\/](state[\\/]|ui[\\/](Icon|Logo|LazyLanguageModal|EmptyState)\.tsx|ui[\\/]language-names\.ts|features[\\/]content[\\/]queries\.ts|api[\\/]feed-status\.ts|app[\\/]NavEntry\.tsx)/;

export default defineConfig({
  plugins: [react(), localeChunks(), reactRouterProduction(), precompress()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/vendor/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    // Maps are written beside the files but not named in them: the comment cost every chunk
    // bytes before the first paint (load a map by hand in the browser's tools when needed).
    sourcemap: 'hidden',
    rolldownOptions: {
      onLog(level, log, handler) {
        // viem's chain list reaches ox's Tempo helpers, whose Node-only worker pool imports
        // node:worker_threads; that code is tree-shaken out of the app (no chunk holds it), so
        // the warning that the module was externalized tells a reader of the build nothing.
        const message = log.message ?? '';
        if (message.includes('"node:worker_threads"') && /ox[\\/]_esm[\\/]tempo/.test(message)) {
          return;
        }
        handler(level, log);
      },
      output: {
        // Every chunk is named by its hash alone: shared ones are imported by name from every
        // chunk that uses them, and the entry's table names every lazy one, so each readable
        // name cost start-up bytes (decisions.md 47; the hidden maps say what a file holds).
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          groups: [
            {
              name: 'startup',
              test: (id) => STARTUP_PACKAGES.test(id) && !MUTATION_HOOKS.test(id),
            },
            { name: 'chrome-common', test: CHROME_COMMON },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/swx': apiTarget,
      '/message': { target: apiTarget, ws: true },
      '/dev': apiTarget,
      '/docs': apiTarget,
    },
  },
});
