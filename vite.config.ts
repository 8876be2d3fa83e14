import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build-tools/precompress.ts';
import { NAMESPACES } from './src/i18n/namespaces.ts';

// The API server serves the built app in production; in development Vite proxies to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

const STARTUP_LOCALE = new RegExp(
  `[\\\\/]locales[\\\\/]([^\\\\/]+)[\\\\/](?:${NAMESPACES.join('|')})\\.json$`,
);

/** `…/locales/ar/common.json` -> `locale-ar`: a language's start-up files travel as one request. */
function localeChunk(id: string): string | null {
  const language = STARTUP_LOCALE.exec(id)?.[1];
  return language === undefined ? null : `locale-${language}`;
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: localeChunk, debugName: 'locale', test: /[\\/]locales[\\/]/ }],
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
