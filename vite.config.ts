import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves the built app in production; in development Vite proxies to it.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: {
      '/swx': apiTarget,
      '/message': { target: apiTarget, ws: true },
      '/dev': apiTarget,
      '/docs': apiTarget,
    },
  },
});
