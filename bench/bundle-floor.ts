/**
 * The smallest first-load JavaScript the design card's stack allows: tiny one-screen apps built
 * with this repository's Vite and packages, adding one library at a time, each gzipped. It shows
 * how much of the home route's budget (100 KiB, bench/route-bundles.ts) is spent before any of
 * our own code: React, react-router, i18next with react-i18next, TanStack Query.
 *
 *   npx tsx bench/bundle-floor.ts
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each step's imports, set-up and wrapper around the screen; each step adds to the ones before. */
const steps = [
  {
    name: 'React (react-dom/client)',
    imports: `import { createRoot } from 'react-dom/client';`,
    setup: '',
    wrap: (inner: string) => inner,
  },
  {
    name: '+ react-router-dom (BrowserRouter, Routes, Link)',
    imports: `import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';`,
    setup: '',
    wrap: (inner: string) =>
      `<BrowserRouter><Routes><Route path="/" element={${inner}} /></Routes></BrowserRouter>`,
  },
  {
    name: '+ i18next and react-i18next (useTranslation)',
    imports: `import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';`,
    setup: `void i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { hi: 'Hello' } } } });`,
    wrap: (inner: string) => inner,
  },
  {
    name: '+ @tanstack/react-query (QueryClientProvider, useQuery)',
    imports: `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';`,
    setup: `const queryClient = new QueryClient();`,
    wrap: (inner: string) =>
      `<QueryClientProvider client={queryClient}>${inner}</QueryClientProvider>`,
  },
];

/** The app of the first `count` steps: one screen that uses every library in it. */
function appSource(count: number): string {
  const used = steps.slice(0, count);
  const t = count >= 3 ? `const { t } = useTranslation();` : `const t = (key: string) => key;`;
  const data =
    count >= 4
      ? `const { data } = useQuery({ queryKey: ['hi'], queryFn: () => fetch('/hi').then((r) => r.text()) });`
      : `const data = '';`;
  const link = count >= 2 ? `<Link to="/market">market</Link>` : '';
  return [
    ...used.map((step) => step.imports),
    ...used.map((step) => step.setup),
    `function Hello() {\n  ${t}\n  ${data}\n  return <p>{t('hi')} {data} ${link}</p>;\n}`,
    `createRoot(document.getElementById('root')!).render(${used.reduceRight((inner, step) => step.wrap(inner), '<Hello />')});`,
  ].join('\n');
}

async function gzippedJs(dir: string): Promise<number> {
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir: join(dir, 'dist'), emptyOutDir: true },
  });
  const assets = join(dir, 'dist/assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length,
      0,
    );
}

// Inside the repository, so the apps resolve its node_modules; removed afterwards.
const dir = mkdtempSync(join(root, '.bundle-floor-'));
try {
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
  );
  console.info(`${'stack'.padEnd(58)} ${'KiB gz'.padStart(7)}`);
  for (let count = 1; count <= steps.length; count++) {
    writeFileSync(join(dir, 'src/main.tsx'), appSource(count));
    const bytes = await gzippedJs(dir);
    console.info(
      `${(steps[count - 1]?.name ?? '').padEnd(58)} ${(bytes / 1024).toFixed(1).padStart(7)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
