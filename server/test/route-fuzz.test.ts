import fc from 'fast-check';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, isCode } from '../../contract/errors.ts';
import { planProduct } from './helpers/earn.ts';
import {
  credit,
  multipartForm,
  PNG_1PX,
  quickUser,
  requestKey,
  staffSession,
  ADMIN,
} from './helpers/funds.ts';
import { fuzzBody, fuzzText, hostileText, urlText, type Schema } from './helpers/fuzz.ts';
import { newSale } from './helpers/nfts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Every route of the OpenAPI document the server serves, called signed out, as a person and as
 * staff, with path parameters, queries, bodies and uploads shaped by the document and spoiled
 * (fast-check, a fixed seed per route): no answer is a 5xx (but 10153, busy, HTTP 503), and
 * every answer is the {code, result} envelope with a catalogue code (or the file of a route
 * whose answer is one). Every failure is collected, so one run lists them all.
 */
/** Samples per route and caller: few in CI, more here; FUZZ_RUNS and FUZZ_SEED search further. */
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI === undefined ? 12 : 6));
const SEED = Number(process.env.FUZZ_SEED ?? 31);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
}
interface Operation {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  parameters: Parameter[];
  body?: Schema;
  upload: boolean;
  /** The answer is a file (a proof, an export, a PDF), not an envelope. */
  file: boolean;
}
interface OpenApiOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: { 200: { content: Record<string, unknown> } };
}
interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** The document's operations; signing out last, so the callers' sessions last the whole run. */
function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }) {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        id: op.operationId,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema,
        upload: content['multipart/form-data'] !== undefined,
        file: op.responses[200].content['application/json'] === undefined,
      });
    }
  }
  const last = (op: Operation) => (/logout/i.test(op.id) ? 1 : 0);
  return ops.sort((a, b) => last(a) - last(b));
}

const headerArb = fc.record(
  {
    virtually: fc.constantFrom('YES', 'NO', 'yes', '', 'x'.repeat(300)),
    'accept-language': fc.constantFrom('en', 'ar', 'zh-HK', 'xx', '*;q=0'),
  },
  { requiredKeys: [] },
);

/** An upload's file: a real image, nothing, a truncated one or bytes behind an image's magic. */
const fileArb = fc.oneof(
  fc.constant(PNG_1PX),
  fc.constant(PNG_1PX.subarray(0, 20)),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc
    .uint8Array({ maxLength: 64 })
    .map((b) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(b)])),
);

/** A query of the operation's parameters, sometimes with one sent twice (an array) or unknown. */
function queryOf(params: Parameter[]): fc.Arbitrary<string> {
  const model = Object.fromEntries(params.map((p) => [p.name, fuzzText(p.schema)]));
  const names = ['unknown', ...params.map((p) => p.name)];
  const stray = fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), hostileText) },
  );
  return fc.tuple(fc.record(model, { requiredKeys: [] }), stray).map(([values, extra]) => {
    const parts = Object.entries(values).flatMap(([k, v]) =>
      v === undefined ? [] : [`${k}=${urlText(v)}`],
    );
    if (extra !== undefined) parts.push(`${extra[0]}=${urlText(extra[1])}`);
    return parts.length === 0 ? '' : `?${parts.join('&')}`;
  });
}

function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const inPath = op.parameters.filter((p) => p.in === 'path');
  const segments = fc.tuple(...inPath.map((p) => fuzzText(p.schema)));
  const query = queryOf(op.parameters.filter((p) => p.in === 'query'));
  const upload = fileArb.map((bytes) => multipartForm(bytes));
  const payload: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = op.upload
    ? upload.map((f) => ({ payload: f.payload, type: f.contentType }))
    : op.body === undefined
      ? fc.constant({})
      : fuzzBody(op.body).map((b) => ({ payload: JSON.stringify(b), type: 'application/json' }));
  return fc.tuple(segments, query, payload, headerArb).map(([values, q, body, headers]) => {
    let url = op.path;
    inPath.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, urlText(values[i] ?? ''));
    });
    return {
      method: op.method,
      url: `${url}${q}`,
      headers: { ...headers, ...(body.type === undefined ? {} : { 'content-type': body.type }) },
      payload: body.payload,
    };
  });
}

/** What is wrong with an answer, or null: a 5xx, or anything but the envelope. */
function faultOf(op: Operation, res: Response): string | null {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) {
    return op.file && res.statusCode === 200 ? null : `${res.statusCode} ${type}, not an envelope`;
  }
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode}: not JSON`;
  }
  const envelope = body as { code?: unknown; result?: unknown };
  if (typeof body !== 'object' || body === null || !('result' in envelope)) {
    return `${res.statusCode}: not an envelope`;
  }
  if (!isCode(envelope.code)) return `${res.statusCode}: ${String(envelope.code)} is no code`;
  const busy = res.statusCode === 503 && envelope.code === Code.busy;
  return res.statusCode >= 500 && !busy ? `${res.statusCode} ${envelope.code}` : null;
}

let server: TestServer;
let callers: { name: string; token: string | undefined }[];
let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  const admin = (await staffSession(server, 'admin')).token;
  const person = await quickUser(server);
  await credit(server, person.id, { asset: 'USDT', amount: '100000', book: 'real' });
  server.modules.market.market.ingest([
    { code: 'BTCUSDT', price: '60000.00', volume: '0', ts: Date.now() - 1000 },
  ]);
  // Rows for small ids to find: a plan product, a sale, a loan product with money to lend.
  await planProduct(server, admin);
  await newSale(server, admin);
  await server.call('POST', `${ADMIN}/fundLending`, {
    token: admin,
    body: { key: requestKey(), amount: '10000', reason: 'Fund lending' },
  });
  callers = [
    { name: 'signed out', token: undefined },
    { name: 'person', token: person.token },
    { name: 'staff', token: admin },
  ];
  const doc = await server.app.inject({ method: 'GET', url: '/docs/json' });
  operations = operationsOf(doc.json());
});
afterAll(async () => {
  await server.close();
});

describe('every route of the OpenAPI document', () => {
  it('answers hostile input from anyone with an envelope, never a 5xx', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const faults: string[] = [];
    for (const [index, op] of operations.entries()) {
      const samples = fc.sample(requestArb(op), { seed: SEED + index, numRuns: RUNS });
      for (const [who, caller] of callers.entries()) {
        for (const [n, req] of samples.entries()) {
          const auth = caller.token === undefined ? {} : { authorization: caller.token };
          const res = await server.app.inject({
            ...req,
            headers: { ...req.headers, ...auth },
            // An address per request: the per-address limits (uploads, sign-ins) stay out of
            // the way of what is fuzzed behind them.
            remoteAddress: `10.${who}.${index % 250}.${n % 250}`,
          });
          const fault = faultOf(op, res);
          if (fault !== null) {
            const sent = typeof req.payload === 'string' ? req.payload.slice(0, 300) : '';
            faults.push(
              `${op.id} as ${caller.name}: ${fault} for ${req.url.slice(0, 200)} ${sent}`,
            );
          }
        }
      }
    }
    expect(faults).toEqual([]);
  }, 300_000);

  it('finds nothing, never fails, for a whole number past a database int in a path or query', async () => {
    // Ids are `int` columns while the contract takes any safe integer (listUOrder's
    // instrumentId answered 10030).
    const faults: string[] = [];
    for (const op of operations) {
      const numeric = op.parameters.filter(
        (p) => p.in !== 'header' && /"(integer|number)"/.test(JSON.stringify(p.schema)),
      );
      for (const param of numeric) {
        for (const edge of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
          let url = op.path.replace(/\{[A-Za-z]+\}/g, (m) =>
            m === `{${param.name}}` ? `${edge}` : '1',
          );
          if (param.in === 'query') url += `?${param.name}=${edge}`;
          for (const caller of callers.slice(1)) {
            const res = await server.app.inject({
              method: op.method,
              url,
              headers: caller.token === undefined ? {} : { authorization: caller.token },
              ...(op.method === 'POST' ? { payload: {} } : {}),
            });
            const fault = faultOf(op, res);
            if (fault !== null) faults.push(`${op.id} as ${caller.name}: ${fault} for ${url}`);
          }
        }
      }
    }
    expect(faults).toEqual([]);
  });
});
