import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import { LANGUAGES } from '../../contract/languages.ts';
import { seedCatalog } from '../src/content/seed/catalog.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const INDEX = '/swx/customer/index';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('content and parameters', () => {
  it('lists every seeded page in every language, each in its own words', async () => {
    for (const lang of LANGUAGES) {
      let total = 0;
      for (const type of [1, 2, 3, 4, 5]) {
        const res = await server.call('GET', `${INDEX}/listContents/${type}?lang=${lang}`);
        expect(res.code).toBe(200);
        total += (res.result as unknown[]).length;
      }
      expect(total).toBe(seedCatalog.length);
    }
    const en = await server.call('GET', `${INDEX}/listContents/2?lang=en`);
    const ja = await server.call('GET', `${INDEX}/listContents/2?lang=ja`);
    expect(ja.result).not.toEqual(en.result);
  });

  it('reads one page, choosing the language from the query or Accept-Language', async () => {
    const list = await server.call('GET', `${INDEX}/listContents/3?lang=en`);
    const first = (list.result as { id: number; slug: string }[])[0];
    expect(first).toBeDefined();
    const page = await server.call('GET', `${INDEX}/getContentsById/${first?.id}`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    const german = await server.call('GET', `${INDEX}/getContentsById/${first?.id}?lang=de`);
    expect(page.result).toEqual(german.result);
    expect((german.result as { body: string }).body.length).toBeGreaterThan(100);
  });

  it('answers unknown pages, types and languages with codes', async () => {
    expect((await server.call('GET', `${INDEX}/getContentsById/999999`)).code).toBe(
      Code.contentNotFound,
    );
    expect((await server.call('GET', `${INDEX}/getContentsById/abc`)).code).toBe(
      Code.contentNotFound,
    );
    expect((await server.call('GET', `${INDEX}/getContentsById/-1`)).code).toBe(
      Code.contentNotFound,
    );
    expect((await server.call('GET', `${INDEX}/listContents/9`)).code).toBe(Code.contentNotFound);
    expect((await server.call('GET', `${INDEX}/listContents/1?lang=xx`)).code).toBe(
      Code.languageWrong,
    );
  });

  it('reads public parameters by key and refuses others', async () => {
    const res = await server.call('GET', `${INDEX}/getParamByKey/down_url`);
    expect(res).toMatchObject({ code: 200, result: { paramValue: expect.any(String) } });
    expect((await server.call('GET', `${INDEX}/getParamByKey/password_hash`)).code).toBe(
      Code.systemParamsFailed,
    );
  });

  it('configures no app links on a default install, so no download button is shown', async () => {
    for (const key of ['down_url', 'android_url', 'ios_url']) {
      const res = await server.call('GET', `${INDEX}/getParamByKey/${key}`);
      expect(res).toMatchObject({ code: 200, result: { paramValue: '' } });
    }
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/swx/customer/login/register');
    expect(Object.keys(doc.paths)).toContain('/swx/customer/index/getContentsById/{id}');
  });

  it('sends security headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: `${INDEX}/getParamByKey/down_url` });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
