import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import { importZones } from './build-tools/eslint-import-zones.js';

/** Server folders with a module.ts, and the kernels below them (docs/architecture.md). */
const SERVER_CAPABILITIES = readdirSync(new URL('./server/src', import.meta.url), {
  withFileTypes: true,
})
  .filter(
    (d) =>
      d.isDirectory() && existsSync(new URL(`./server/src/${d.name}/module.ts`, import.meta.url)),
  )
  .map((d) => d.name);
const SERVER_KERNELS = ['errors.ts', 'assert.ts', 'money', 'audit', 'platform'];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A lazy part's chunk is fetched with retries (src/lib/lazy.ts): a part first shown while
    // the server restarts must not fail its screen.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/lazy.ts', 'src/lib/routing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', importNames: ['lazy'], message: 'use lazyPart (src/lib/lazy.ts)' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // App layers (issue 12): src/app composes the features; a feature imports no other feature
    // and nothing from src/app (shared pieces go to src/lib or src/ui); the shared layers import
    // neither. Zones are resolved paths, so they hold at any depth and for lazy import() too.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { layers: importZones },
    rules: {
      'layers/no-restricted-paths': [
        'error',
        {
          root: import.meta.dirname,
          zones: [
            ...readdirSync(new URL('./src/features', import.meta.url)).map((feature) => ({
              target: `src/features/${feature}`,
              from: 'src/features',
              except: [`src/features/${feature}`],
              message: 'a feature imports no other feature (share through src/lib or src/ui)',
            })),
            {
              target: 'src/features',
              from: 'src/app',
              message: 'a feature imports nothing from src/app, the layer that composes features',
            },
            {
              target: ['api', 'i18n', 'lib', 'state', 'ui', 'vendor', 'wallet'].map(
                (l) => `src/${l}`,
              ),
              from: ['src/features', 'src/app'],
              message: 'the shared layers import no feature and nothing from src/app',
            },
          ],
        },
      ],
    },
  },
  {
    // Server layers (issue 12, docs/architecture.md): kernels at the bottom (errors, assert,
    // money, audit, platform), the ledger on db and money only, capabilities beside each other
    // and never importing one another (what one needs of another is an interface in its
    // module.ts, wired in server.ts), and the transport (http/) reached only from a
    // capability's routes.ts, admin-routes.ts and module.ts.
    files: ['server/src/**/*.ts'],
    plugins: { layers: importZones },
    rules: {
      'layers/no-restricted-paths': [
        'error',
        {
          root: import.meta.dirname,
          zones: [
            {
              target: [...SERVER_CAPABILITIES, ...SERVER_KERNELS, 'ledger'].map(
                (p) => `server/src/${p}`,
              ),
              from: 'server/src/http',
              exceptFiles: ['routes.ts', 'admin-routes.ts', 'module.ts'],
              message: 'domain code imports nothing from http/ (only routes and module files do)',
            },
            {
              target: 'server/src/ledger',
              from: 'server/src',
              except: ['ledger', 'platform/db', 'money', 'assert.ts'].map((p) => `server/src/${p}`),
              message: 'the ledger imports only db and money',
            },
            {
              target: SERVER_KERNELS.map((p) => `server/src/${p}`),
              from: [...SERVER_CAPABILITIES, 'ledger', 'http', 'server.ts', 'main.ts'].map(
                (p) => `server/src/${p}`,
              ),
              message: 'a kernel (errors, assert, money, audit, platform) imports no capability',
            },
            ...SERVER_CAPABILITIES.map((capability) => ({
              target: `server/src/${capability}`,
              from: SERVER_CAPABILITIES.filter((c) => c !== capability).map(
                (c) => `server/src/${c}`,
              ),
              message:
                'a capability imports no other capability (declare what it needs in its module.ts)',
            })),
          ],
        },
      ],
    },
  },
  {
    // Playwright specs run in Node and hand functions to the page.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
);
