import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import type { LoanFiguresView } from '../../contract/loans/schemas.ts';
import { routes, type RouteName } from '../../contract/routes.ts';
import { planProduct, verify } from './helpers/earn.ts';
import {
  ADMIN,
  credit,
  multipartForm,
  PNG_1PX,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  txHash,
  uploadProof,
  USER,
} from './helpers/funds.ts';
import { gradientPng } from './helpers/images.ts';
import { newNft, newSale } from './helpers/nfts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Issue 31, defect 6: every amount of every call is read by one rule (contract/common), so
 * the same text answers the same way everywhere: a control character 10155, anything else
 * that is not a plain decimal of the field's shape the field's own code, and nothing written.
 * " 10" used to be trimmed and taken while "\t10" answered 10155; the same valid body with a
 * plain amount is taken, so each refusal is the amount's.
 */
const ORDER = '/swx/customer/order';
const ETH_ADDRESS = '0x000000000000000000000000000000000000dEaD';

/**
 * Texts no amount, price, lot, quantity or rate is, and values that are not text: `v` (the
 * field's valid value) dressed up, so a reading that trims or converts would take it.
 */
const fullWidth = (v: string) =>
  v.replace(/[0-9.]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const hostile = (v: string): unknown[] => [
  ` ${v}`,
  `${v} `,
  ` ${v} `,
  `\t${v}`,
  `${v}\n`,
  `\u00a0${v}`,
  `${v}\u200b`,
  `+${v}`,
  `-${v}`,
  `0${v}`,
  `${v}.`,
  `${v}e0`,
  `0x${v}`,
  `${v.slice(0, 1)},${v.slice(1)}`,
  `${v.slice(0, 1)} ${v.slice(1)}`,
  fullWidth(v),
  '1e3',
  '.5',
  '00.5',
  `1${'0'.repeat(40)}`,
  `1.${'1'.repeat(19)}`,
  'NaN',
  'Infinity',
  '',
  ' ',
  Number(v),
  null,
  true,
  [],
  [v],
  {},
  { value: v },
];

let server: TestServer;
let admin: string;
let person: { id: number; token: string };
let btcId: number;
let ts = Date.now() - 60_000;

const tick = (price: string) => {
  ts += 100;
  server.modules.market.market.ingest([{ code: 'BTCUSDT', price, volume: '0', ts }]);
  return server.modules.trading.engine.idle();
};

/** Rows a refused call must leave as they were. */
const WITNESSES = [
  'ledger_batches',
  'audit_log',
  'deposits',
  'withdrawals',
  'plans',
  'plan_products',
  'loans',
  'loan_products',
  'nft_sales',
  'nft_bids',
  'contract_orders',
  'option_orders',
  'spot_orders',
];
const snapshot = () => Promise.all(WITNESSES.map((t) => server.count(t)));

/** One call that takes amounts: where it is, who calls it, a valid input and its amount fields. */
interface AmountCall {
  name: RouteName;
  token: () => string;
  headers?: Record<string, string>;
  /** The fields holding a decimal; `a.b` is field `b` inside field `a`. */
  fields: readonly string[];
  /** A valid input: the JSON body of a POST, the query of a GET. */
  valid: () => Promise<Record<string, unknown>>;
}

function withValue(input: Record<string, unknown>, path: string, value: unknown) {
  const [top = '', inner] = path.split('.');
  if (inner === undefined) return { ...input, [top]: value };
  return { ...input, [top]: { ...(input[top] as Record<string, unknown>), [inner]: value } };
}

async function send(call: AmountCall, input: Record<string, unknown>) {
  const def = routes[call.name];
  const options = { token: call.token(), headers: call.headers };
  if (def.method === 'POST') return server.call('POST', def.path, { ...options, body: input });
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    for (const one of Array.isArray(v) ? v : [v]) query.append(k, String(one));
  }
  return server.call('GET', `${def.path}?${query}`, options);
}

/** The answer the contract documents for `value` in `path`: 10155, else the field's one code. */
function expected(call: AmountCall, path: string, value: unknown) {
  const field = path.split('.')[0] ?? '';
  const codes = routes[call.name].fields[field];
  if (codes === undefined) throw new Error(`${call.name} has no codes for ${field}`);
  // An amount answers one code whatever is wrong with it, missing or malformed.
  expect(codes.missing, `${call.name}.${field}`).toBe(codes.invalid);
  const control = typeof value === 'string' && /\p{Cc}/u.test(value);
  return { code: control ? Code.controlCharacters : codes.invalid, result: { field } };
}

/** A GET's query holds text only: the texts, and a field sent twice (an array). */
function valuesFor(call: AmountCall, valid: string): unknown[] {
  const values = hostile(valid);
  if (routes[call.name].method === 'POST') return values;
  return [...values.filter((v) => typeof v === 'string'), [valid, valid]];
}

function valueAt(input: Record<string, unknown>, path: string): string {
  const [top = '', inner] = path.split('.');
  const value = inner === undefined ? input[top] : (input[top] as Record<string, unknown>)[inner];
  if (typeof value !== 'string') throw new Error(`no valid text at ${path}`);
  return value;
}

beforeAll(async () => {
  server = await startTestServer({ MARKET_FEED: 'off' });
  admin = (await staffSession(server, 'admin')).token;
  person = await quickUser(server);
  await verify(server, person.id);
  await credit(server, person.id, { asset: 'USDT', amount: '100000', book: 'real' });
  await server.call('GET', `${USER}/listBalance`, { token: person.token });
  btcId = server.modules.market.tradable('BTCUSDT')?.id ?? 0;
  await tick('60000.00');
});
afterAll(async () => {
  await server.close();
});

async function signature(): Promise<string> {
  const form = multipartForm(await gradientPng(120, 40), 'image/png', 'signature.png');
  const res = await server.app.inject({
    method: 'POST',
    url: `${USER}/uploadLoanSignature`,
    payload: form.payload,
    headers: { 'content-type': form.contentType, authorization: person.token },
  });
  return (res.json() as { result: { fileId: string } }).result.fileId;
}

async function loanProduct(): Promise<number> {
  const saved = await server.call('POST', `${ADMIN}/saveLoanProduct`, {
    token: admin,
    body: { ...LOAN_TERMS, reason: 'Launch loans' },
  });
  const funded = await server.call('POST', `${ADMIN}/fundLending`, {
    token: admin,
    body: { key: requestKey(), amount: '10000', reason: 'Fund lending' },
  });
  expect([saved.code, funded.code]).toEqual([200, 200]);
  return (saved.result as { id: number }).id;
}

const LOAN_TERMS = {
  name: 'Flex',
  minAmount: '100',
  maxAmount: '5000',
  terms: [5, 30],
  dailyRatePercent: '0.1',
  freeDays: 2,
  overdueRatePercent: '0.5',
  status: 'open',
};
const PLAN_TERMS = {
  name: 'Steady 3',
  minAmount: '10',
  maxAmount: '10000',
  cycleDays: 3,
  dailyRatePercent: '1',
  purchaseLimit: 5,
  exitPenaltyPercent: '5',
  yieldSource: 'Market-making fees of the operator, set aside in the reserve',
  status: 'open',
  reason: 'Launch the product',
};
const CONTRACT = {
  side: 'long',
  type: 'limit',
  price: '59000',
  lots: '0.01',
  leverage: 10,
  stopLoss: '57000',
  takeProfit: '70000',
};
const ofPerson = () => person.token;
const ofStaff = () => admin;

const personCalls: AmountCall[] = [
  {
    name: 'recharge',
    token: ofPerson,
    headers: REAL,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      asset: 'USDT',
      network: 'ethereum',
      amount: '500',
      txHash: txHash(),
      last6: 'A1B2C3',
      proofId: ((await uploadProof(server, person.token, PNG_1PX)).result as { proofId: string })
        .proofId,
    }),
  },
  {
    name: 'withdrawal',
    token: ofPerson,
    headers: REAL,
    fields: ['amount'],
    valid: async () => ({
      method: 'crypto',
      key: requestKey(),
      asset: 'USDT',
      network: 'ethereum',
      address: ETH_ADDRESS,
      amount: '100',
    }),
  },
  {
    name: 'buySmart',
    token: ofPerson,
    headers: REAL,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      productId: await planProduct(server, admin),
      amount: '100',
    }),
  },
  {
    name: 'loanAgreement',
    token: ofPerson,
    headers: REAL,
    fields: ['amount'],
    valid: async () => ({ productId: await loanProduct(), amount: '1000', termDays: 5 }),
  },
  {
    name: 'loan',
    token: ofPerson,
    headers: REAL,
    fields: ['amount', 'figures.totalRepay', 'figures.totalInterest'],
    valid: async () => {
      const productId = await loanProduct();
      const terms = await server.call(
        'GET',
        `${USER}/loanAgreement?productId=${productId}&amount=1000&termDays=5`,
        { token: person.token, headers: REAL },
      );
      const { version, figures } = terms.result as { version: string; figures: LoanFiguresView };
      return {
        key: requestKey(),
        productId,
        amount: '1000',
        termDays: 5,
        agreementVersion: version,
        figures: { totalRepay: figures.totalRepay, totalInterest: figures.totalInterest },
        signature: await signature(),
        language: 'en',
      };
    },
  },
  {
    name: 'bidNft',
    token: ofPerson,
    headers: REAL,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      saleId: (await newSale(server, admin)).id,
      amount: '100',
    }),
  },
  {
    name: 'buyU',
    token: ofPerson,
    fields: ['price', 'lots', 'stopLoss', 'takeProfit'],
    valid: async () => ({ key: requestKey(), instrumentId: btcId, ...CONTRACT }),
  },
  {
    name: 'updateU',
    token: ofPerson,
    fields: ['stopLoss', 'takeProfit'],
    valid: async () => {
      const opened = await server.call('POST', `${ORDER}/buyU`, {
        token: person.token,
        body: { key: requestKey(), instrumentId: btcId, ...CONTRACT },
      });
      expect(opened.code).toBe(200);
      const { id } = opened.result as { id: number };
      return { id, stopLoss: '56000', takeProfit: '71000' };
    },
  },
  {
    name: 'buyOptions',
    token: ofPerson,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      instrumentId: btcId,
      seconds: 30,
      direction: 'up',
      amount: '100',
    }),
  },
  {
    name: 'submit',
    token: ofPerson,
    fields: ['price', 'qty'],
    valid: async () => ({
      key: requestKey(),
      code: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      tif: 'post_only',
      price: '59000',
      qty: '0.01',
    }),
  },
];

const staffCalls: AmountCall[] = [
  {
    name: 'adjustBalance',
    token: ofStaff,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      userId: person.id,
      asset: 'USDT',
      book: 'demo',
      direction: 'credit',
      amount: '1',
      reason: 'Goodwill credit',
    }),
  },
  {
    name: 'fundRewardsPool',
    token: ofStaff,
    fields: ['amount'],
    valid: async () => ({ key: requestKey(), amount: '10', reason: 'Rewards for the season' }),
  },
  {
    name: 'fundSmartReserve',
    token: ofStaff,
    fields: ['amount'],
    valid: async () => ({
      key: requestKey(),
      productId: await planProduct(server, admin, {}, '0'),
      amount: '10',
      reason: 'Fund the reserve',
    }),
  },
  {
    name: 'fundLending',
    token: ofStaff,
    fields: ['amount'],
    valid: async () => ({ key: requestKey(), amount: '10', reason: 'Fund lending' }),
  },
  {
    name: 'saveSmartProduct',
    token: ofStaff,
    fields: ['minAmount', 'maxAmount', 'dailyRatePercent', 'exitPenaltyPercent'],
    valid: async () => PLAN_TERMS,
  },
  {
    name: 'saveLoanProduct',
    token: ofStaff,
    fields: ['minAmount', 'maxAmount', 'dailyRatePercent', 'overdueRatePercent'],
    valid: async () => ({ ...LOAN_TERMS, reason: 'Launch loans' }),
  },
  {
    name: 'saveNftSale',
    token: ofStaff,
    fields: [
      'startPrice',
      'buyNowPrice',
      'minIncrementPercent',
      'charityPercent',
      'creatorPercent',
      'feePercent',
    ],
    valid: async () => ({
      nftId: await newNft(server),
      startPrice: '100',
      buyNowPrice: '500',
      minIncrementPercent: '5',
      extendMinutes: 5,
      charityPercent: '80',
      creatorPercent: '15',
      feePercent: '5',
      durationMinutes: 60,
      reason: 'Charity week',
    }),
  },
  {
    name: 'setSpotMaker',
    token: ofStaff,
    fields: ['levelValue'],
    valid: async () => ({
      code: 'BTCUSDT',
      levels: 3,
      spreadBps: 10,
      stepBps: 5,
      levelValue: '1000',
      reason: 'Tighter quotes',
    }),
  },
  {
    name: 'setParam',
    token: ofStaff,
    fields: ['value'],
    valid: async () => ({ key: 'withdraw_fee_rate', value: '0.5', reason: 'Fee review' }),
  },
];

/** Every hostile value in every amount field of `call`, then the valid input, which is taken. */
async function tryAll(call: AmountCall) {
  const valid = await call.valid();
  const before = await snapshot();
  const answers: unknown[] = [];
  const wanted: unknown[] = [];
  for (const path of call.fields) {
    for (const value of valuesFor(call, valueAt(valid, path))) {
      const res = await send(call, withValue(valid, path, value));
      const label = `${call.name} ${path}=${JSON.stringify(value)}`;
      answers.push({ label, status: res.status, code: res.code, result: res.result });
      wanted.push({ label, status: 200, ...expected(call, path, value) });
    }
  }
  expect(answers).toEqual(wanted);
  expect(await snapshot(), `${call.name} wrote nothing`).toEqual(before);
  const taken = await send(call, valid);
  expect([call.name, taken.code]).toEqual([call.name, Code.ok]);
}

describe('one rule for every amount', () => {
  it.each(personCalls.map((c) => [c.name, c] as const))(
    '%s: the same answer for the same text, nothing written',
    async (_name, call) => tryAll(call),
  );

  it.each(staffCalls.map((c) => [c.name, c] as const))(
    'staff %s: the same answer for the same text, nothing written',
    async (_name, call) => tryAll(call),
  );

  it('a funding key sent again with another amount answers 10134 on every staff funding route', async () => {
    const productId = await planProduct(server, admin, {}, '0');
    const funding = [
      ['fundRewardsPool', { reason: 'Rewards for the season' }],
      ['fundSmartReserve', { productId, reason: 'Fund the reserve' }],
      ['fundLending', { reason: 'Fund lending' }],
      [
        'adjustBalance',
        { userId: person.id, asset: 'USDT', book: 'demo', direction: 'credit', reason: 'Goodwill' },
      ],
    ] as const;
    for (const [name, rest] of funding) {
      const key = requestKey();
      const fund = (amount: string) =>
        server.call('POST', routes[name].path, { token: admin, body: { ...rest, key, amount } });
      expect([name, (await fund('1')).code]).toEqual([name, Code.ok]);
      const before = await snapshot();
      expect([name, (await fund('1')).code]).toEqual([name, Code.ok]);
      const again = await fund('2');
      expect([name, again.status, again.code]).toEqual([name, 200, Code.requestKeyReused]);
      expect(await snapshot()).toEqual(before);
    }
  });
});
