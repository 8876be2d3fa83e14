import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../build-tools/precompress.ts';
import { Code } from '../../contract/errors.ts';
import { paths } from '../../contract/paths.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** A built app in miniature: the page, one hashed script, and their compressed copies. */
const script = `console.log(${JSON.stringify('kestrel '.repeat(400))});\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

describe('serving the built app', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kestrel-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
    precompressDirectory(dist);
    server = await startTestServer({
      APP_DIST: dist,
      MARKET_BACKFILL_DAYS: '1',
      PUBLIC_URL: 'https://kestrel.example',
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends the brotli copy of a script to a browser that takes it, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
    const gzipped = await get('/assets/index-abc123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers every app path with the page, compressed and checked on each visit', async () => {
    for (const url of ['/', '/market', '/profile/deposit']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
  });

  it('compresses a large API answer for a browser that takes it, and leaves small ones', async () => {
    const url = `${paths.listMarketByType.path}?type=2&size=50`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await get('/swx/customer/index/noSuchCall', 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves robots.txt and a sitemap of the public pages from PUBLIC_URL', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Disallow: /profile/');
    expect(robots.body).toContain('Sitemap: https://kestrel.example/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://kestrel.example/market</loc>');
    expect(sitemap.body).not.toContain('/profile/deposit');
  });

  it('keeps API paths out of the fallback: an unknown call is a 404 envelope', async () => {
    const res = await get('/swx/customer/index/noSuchCall', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: Code.notFound, result: null });
  });
});
