/**
 * Gzipped JavaScript each route of the app loads: the initial JS (the index.html entry chunk
 * and its static imports) and, per route, that plus the lazy page chunk the router imports for
 * it. The budget (issue 11, the owner's decision; decisions.md 13): all the JavaScript before
 * the home screen paints stays at or under 120 KiB gzipped; the wallet stack and the chart
 * load only on the routes that use them.
 *
 *   npx tsx bench/route-bundles.ts        (builds into a temporary directory; dist/ is untouched)
 *
 * Routes are read from src/app/router.tsx and the route tables it composes (each feature's
 * routes.tsx), so new routes are measured without editing this file. A route that names no
 * lazy `page` (e.g. the `*` redirect) loads the initial JS only. Prints OVER BUDGET when the
 * budget is exceeded, but always exits 0.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { DEFAULT_LANGUAGE } from '../contract/languages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUTER = 'src/app/router.tsx';
const ENTRY = 'index.html';
const BUDGET_KIB = 120;
/**
 * What src/main.tsx fetches on demand before its first render: the layout's chrome, the screen
 * asked for and the language's start-up locale chunk (vite.config.ts). Not in "initial JS"
 * (requested once the entry runs), but the home screen cannot paint without them.
 */
const LOCALE_CHUNK = `locale-${DEFAULT_LANGUAGE}`;
const CHROME = { desktop: 'src/app/DesktopShell.tsx', mobile: 'src/app/MobileShell.tsx' };
const HOME_PAGE = 'src/app/home/HomePage.tsx';
const TOP_PACKAGES = 8;

interface Route {
  path: string;
  /** Manifest key of the lazy page module, e.g. src/app/home/HomePage.tsx. */
  page: string | undefined;
}

interface Sizes {
  raw: number;
  gzip: number;
}

/** `const HomePage = page(() => import('./HomePage.tsx'))` in `file` -> name -> module. */
function lazyPages(file: string, source: string): Map<string, string> {
  const pages = new Map<string, string>();
  const declaration = /const\s+(\w+)\s*=\s*page\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const [, name, specifier] of source.matchAll(declaration)) {
    if (name && specifier) pages.set(name, posix.join(posix.dirname(file), specifier));
  }
  return pages;
}

/** `{ path: '/x', element: guarded(<XPage />), page: XPage }` -> { path: '/x', page: module of XPage }. */
function routes(source: string, pages: Map<string, string>): Route[] {
  const entries = [...source.matchAll(/path:\s*['"]([^'"]+)['"]/g)];
  return entries.map((match, i) => {
    const end = entries[i + 1]?.index ?? source.length;
    const name = /page:\s*(\w+)/.exec(source.slice(match.index, end))?.[1];
    return { path: match[1] ?? '', page: name === undefined ? undefined : pages.get(name) };
  });
}

async function buildWithManifest(outDir: string): Promise<Manifest> {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of the given chunks and everything they import statically, each once. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    pending.push(...(manifest[key]?.imports ?? []));
  }
  return seen;
}

function pageKey(manifest: Manifest, module: string): string | undefined {
  return Object.entries(manifest).find(([, chunk]) => chunk.src === module)?.[0];
}

/** A module's chunk: its own entry, or the shared chunk the bundler named after it. */
function moduleKey(manifest: Manifest, module: string): string | undefined {
  const name = posix.basename(module).replace(/\.tsx?$/, '');
  return (
    pageKey(manifest, module) ??
    Object.entries(manifest).find(([key, chunk]) => key.startsWith('_') && chunk.name === name)?.[0]
  );
}

function chunkSizes(outDir: string): (file: string) => Sizes {
  const cache = new Map<string, Sizes>();
  return (file) => {
    const known = cache.get(file);
    if (known) return known;
    const bytes = readFileSync(join(outDir, file));
    const sizes = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    cache.set(file, sizes);
    return sizes;
  };
}

function total(manifest: Manifest, keys: Set<string>, size: (file: string) => Sizes): Sizes {
  const files = [...keys].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js'));
  return files.reduce(
    (sum, file) => ({ raw: sum.raw + size(file).raw, gzip: sum.gzip + size(file).gzip }),
    { raw: 0, gzip: 0 },
  );
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** `…/node_modules/@scope/name/dist/x.js` -> `@scope/name` (the innermost node_modules). */
function packageOf(source: string): string | undefined {
  const marker = '/node_modules/';
  const at = `/${source}`.lastIndexOf(marker);
  if (at < 0) return undefined;
  const parts = `/${source}`.slice(at + marker.length).split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : parts[0];
}

/** Source characters per package in the chunks' sourcemaps: an approximation of their weight. */
function packageWeights(outDir: string, files: string[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const file of files) {
    const mapFile = join(outDir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
      sources?: string[];
      sourcesContent?: (string | null)[];
    };
    (map.sources ?? []).forEach((source, i) => {
      const name = packageOf(source);
      const length = map.sourcesContent?.[i]?.length ?? 0;
      if (name) weights.set(name, (weights.get(name) ?? 0) + length);
    });
  }
  return weights;
}

function printTable(manifest: Manifest, all: Route[], size: (file: string) => Sizes): Sizes {
  const initialKeys = staticClosure(manifest, [ENTRY]);
  const initial = total(manifest, initialKeys, size);
  console.info(
    `${'route'.padEnd(26)} ${'initial KiB gz'.padStart(14)} ${'route KiB gz'.padStart(12)} ${'route raw KiB'.padStart(13)} ${'chunks'.padStart(6)}`,
  );
  for (const route of all) {
    const key = route.page === undefined ? undefined : pageKey(manifest, route.page);
    if (route.page !== undefined && key === undefined)
      console.warn(`${route.path}: no chunk for ${route.page} in the manifest`);
    const keys = staticClosure(manifest, key === undefined ? [ENTRY] : [ENTRY, key]);
    const sizes = total(manifest, keys, size);
    const chunks = [...keys].filter((k) => manifest[k]?.file.endsWith('.js')).length;
    console.info(
      `${route.path.padEnd(26)} ${kib(initial.gzip).padStart(14)} ${kib(sizes.gzip).padStart(12)} ${kib(sizes.raw).padStart(13)} ${String(chunks).padStart(6)}`,
    );
  }
  return initial;
}

function printPackages(outDir: string, manifest: Manifest): void {
  const files = [...staticClosure(manifest, [ENTRY])].map((key) => manifest[key]?.file ?? '');
  const top = [...packageWeights(outDir, files)].sort((a, b) => b[1] - a[1]);
  console.info(`\nnode_modules in the home route's initial JS (unminified source KiB, top 8):`);
  for (const [name, chars] of top.slice(0, TOP_PACKAGES)) {
    console.info(`  ${name.padEnd(32)} ${kib(chars).padStart(8)}`);
  }
}

/** The routes of each table the router imports (`…/routes.tsx`), then the router's own. */
function allRoutes(): Route[] {
  const router = readFileSync(join(root, ROUTER), 'utf8');
  const tables = [...router.matchAll(/from\s+['"](\.{1,2}\/[^'"]*routes\.tsx)['"]/g)].map(
    ([, specifier]) => posix.join(posix.dirname(ROUTER), specifier ?? ''),
  );
  return [...tables, ROUTER].flatMap((file) => {
    const source = file === ROUTER ? router : readFileSync(join(root, file), 'utf8');
    return routes(source, lazyPages(file, source));
  });
}

const all = allRoutes();
const outDir = mkdtempSync(join(tmpdir(), 'route-bundles-'));
try {
  const manifest = await buildWithManifest(outDir);
  const size = chunkSizes(outDir);
  const initial = printTable(manifest, all, size);
  console.info(`\nhome initial JS: ${kib(initial.gzip)} KiB gzipped`);
  const locale = Object.entries(manifest).find(([, chunk]) => chunk.name === LOCALE_CHUNK)?.[0];
  if (locale === undefined) console.warn(`no ${LOCALE_CHUNK} chunk in the manifest`);
  for (const [name, chrome] of Object.entries(CHROME)) {
    const keys = [ENTRY, chrome, HOME_PAGE].flatMap((m) => {
      const key = m === ENTRY ? ENTRY : moduleKey(manifest, m);
      if (key === undefined) console.warn(`no chunk for ${m} in the manifest`);
      return key === undefined ? [] : [key];
    });
    if (locale !== undefined) keys.push(locale);
    const painted = total(manifest, staticClosure(manifest, keys), size);
    const over = painted.gzip > BUDGET_KIB * 1024 ? '  OVER BUDGET' : '';
    console.info(
      `all JS before the home screen paints (${name}, ${DEFAULT_LANGUAGE}): ${kib(painted.gzip)} KiB gzipped (budget ${BUDGET_KIB} KiB)${over}`,
    );
  }
  printPackages(outDir, manifest);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
