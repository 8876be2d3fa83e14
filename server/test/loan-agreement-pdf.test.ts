import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_TAGS,
  LANGUAGES,
  RTL_LANGUAGES,
  type Language,
} from '../../contract/languages.ts';
import {
  AGREEMENT_CLAUSES,
  type Loan,
  type LoanFiguresView,
} from '../../contract/loans/schemas.ts';
import {
  ADMIN,
  multipartForm,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  USER,
} from './helpers/funds.ts';
import { gradientPixels, gradientPng, j2kCodestream, jp2File } from './helpers/images.ts';
import { comparable as plain, pdfText, renderPage } from './helpers/pdf.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * The signed agreement as a PDF: whatever a signature upload accepts (JPEG, PNG, JPEG 2000),
 * the agreement downloads; the KYC signature's readers serve every stored form as what it is.
 * In each of the ten languages the PDF says, in the words the screen showed, who borrows from
 * whom, every clause and figure, the dates the language's way, the signature and the hashes,
 * and once repaid when and how much; its pages are drawn to test-results/loan-agreement/ for a
 * person to look at.
 */
let server: TestServer;
let admin: string;
let reviewer: string;
let productId: number;

/** Each format a signature upload accepts, as a phone or a scanner would send it. */
const SIGNATURES = {
  png: () => gradientPng(300, 100),
  jpeg: () =>
    sharp(gradientPixels(300, 100), { raw: { width: 300, height: 100, channels: 3 } })
      .jpeg()
      .toBuffer(),
  jp2: async () => jp2File(await j2kCodestream(gradientPixels(300, 100), 300, 100), 300, 100),
  j2k: () => j2kCodestream(gradientPixels(300, 100), 300, 100),
} satisfies Record<string, () => Promise<Buffer>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await staffSession(server, 'admin')).token;
  reviewer = (await staffSession(server, 'reviewer')).token;
  const saved = await server.call('POST', `${ADMIN}/saveLoanProduct`, {
    token: admin,
    body: {
      name: 'Flex',
      minAmount: '100',
      maxAmount: '5000',
      terms: [5, 30],
      dailyRatePercent: '0.1',
      freeDays: 2,
      overdueRatePercent: '0.5',
      status: 'open',
      reason: 'Launch loans',
    },
  });
  productId = (saved.result as { id: number }).id;
  const funded = await server.call('POST', `${ADMIN}/fundLending`, {
    token: admin,
    body: { key: requestKey(), amount: '100000', reason: 'Fund lending' },
  });
  expect(funded.code).toBe(200);
});
afterAll(async () => {
  await server.close();
});

/** A verified person with their legal name on record, as an approved submission leaves it. */
async function borrower(first = 'Ada', last = 'Lovelace') {
  const p = await quickUser(server);
  await server.db.query(
    `insert into kyc_submissions (user_id, request_key, body_hash, status, personal, doc_type, decided_at)
     values ($1, $2, 'test', 'verified', $3, 'passport', now())`,
    [p.id, requestKey(), JSON.stringify({ firstName: first, lastName: last })],
  );
  return p;
}

async function upload(token: string, route: string, bytes: Buffer) {
  const form = multipartForm(bytes, 'application/octet-stream', 'signature');
  const res = await server.app.inject({
    method: 'POST',
    url: `${USER}/${route}`,
    payload: form.payload,
    headers: { authorization: token, 'content-type': form.contentType },
  });
  return res.json<{ code: number; result: { fileId: string } }>();
}

/** Applies for 1000 USDT over 5 days with `signature`, approved by a reviewer. */
async function signedLoan(token: string, signature: Buffer, language = 'en'): Promise<number> {
  const uploaded = await upload(token, 'uploadLoanSignature', signature);
  expect(uploaded.code).toBe(200);
  const terms = await server.call(
    'GET',
    `${USER}/loanAgreement?productId=${productId}&amount=1000&termDays=5`,
    { token, headers: REAL },
  );
  const { version, figures } = terms.result as { version: string; figures: LoanFiguresView };
  const applied = await server.call('POST', `${USER}/loan`, {
    token,
    headers: REAL,
    body: {
      key: requestKey(),
      productId,
      amount: '1000',
      termDays: 5,
      agreementVersion: version,
      figures: { totalRepay: figures.totalRepay, totalInterest: figures.totalInterest },
      signature: uploaded.result.fileId,
      language,
    },
  });
  expect(applied.code).toBe(200);
  const id = (applied.result as Loan).id;
  await server.call('POST', `${ADMIN}/claimLoan`, { token: reviewer, body: { id } });
  const decided = await server.call('POST', `${ADMIN}/reviewLoan`, {
    token: reviewer,
    body: { id, decision: 'approve' },
  });
  expect(decided.code).toBe(200);
  return id;
}

async function agreementPdf(token: string, id: number) {
  const res = await server.app.inject({
    method: 'GET',
    url: `${USER}/loanAgreementPdf/${id}`,
    headers: { authorization: token },
  });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload };
}

describe('the agreement PDF takes every signature format the upload accepts', () => {
  for (const [format, make] of Object.entries(SIGNATURES)) {
    it(`a ${format} signature: the agreement downloads as a PDF`, async () => {
      const p = await borrower();
      const id = await signedLoan(p.token, await make());
      const pdf = await agreementPdf(p.token, id);
      expect({ status: pdf.status, type: pdf.type }, pdf.body.toString()).toEqual({
        status: 200,
        type: 'application/pdf',
      });
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    });
  }
});

describe('the KYC signature is read back as what it is stored as', () => {
  for (const [format, make] of Object.entries(SIGNATURES)) {
    it(`a ${format} signature: its owner and a reviewer get an image of the type it is served as`, async () => {
      const p = await quickUser(server);
      const uploaded = await upload(p.token, 'uploadKycSignature', await make());
      expect(uploaded.code).toBe(200);
      const id = uploaded.result.fileId;
      for (const [url, token] of [
        [`${USER}/file/${id}`, p.token],
        [`${ADMIN}/file/${id}`, reviewer],
      ] as const) {
        const res = await server.app.inject({
          method: 'GET',
          url,
          headers: { authorization: token },
        });
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect(res.headers['content-type']).toBe(`image/${meta.format}`);
        expect({ width: meta.width, height: meta.height }).toEqual({ width: 300, height: 100 });
      }
    });
  }
});

/** Repays the loan right after its payout: the principal, no day accrued yet. */
async function repay(token: string, id: number): Promise<Loan> {
  const repaid = await server.call('POST', `${USER}/repayLoan`, {
    token,
    headers: REAL,
    body: { id },
  });
  expect(repaid.code).toBe(200);
  return repaid.result as Loan;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = path.join(ROOT, 'test-results/loan-agreement');

type Tree = { [key: string]: string | Tree };

/** The words of locales/<lang>/loans.json, the file the screens read, with values put in. */
async function wordsOf(lang: Language) {
  const file = path.join(ROOT, 'locales', lang, 'loans.json');
  const tree = JSON.parse(await readFile(file, 'utf8')) as Tree;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const found = key
      .split('.')
      .reduce<string | Tree | undefined>(
        (n, k) => (typeof n === 'object' ? n[k] : undefined),
        tree,
      );
    if (typeof found !== 'string') throw new Error(`no ${lang}:${key}`);
    return found.replace(/\{\{\s*(\w+)\s*(?:,\s*\w+\s*)?\}\}/g, (_, name: string) =>
      String(values[name]),
    );
  };
}

/** Figures and dates the way `lang` writes them (Intl, Latin digits), made here on their own. */
function localeOf(lang: Language, timeZone: string) {
  const tag = LANGUAGE_TAGS[lang];
  // Grouped from 1,000 on, as the app's formatDecimal groups (Italian's own rule waits for 10,000).
  const number = new Intl.NumberFormat(tag, { numberingSystem: 'latn', useGrouping: true });
  const point = number.formatToParts(1.5).find((x) => x.type === 'decimal')?.value ?? '.';
  const latn = { numberingSystem: 'latn', dateStyle: 'long' } as const;
  const decimal = (v: string) => {
    const [whole = '0', fraction] = v.split('.');
    const g = number.format(BigInt(whole));
    return fraction === undefined ? g : `${g}${point}${fraction}`;
  };
  return {
    decimal,
    // An amount drops its trailing zeros ("1,005 USDT"), as every screen shows one.
    amount: (v: string) => decimal(v.includes('.') ? v.replace(/\.?0+$/, '') : v),
    day: (d: string) =>
      new Intl.DateTimeFormat(tag, { ...latn, timeZone: 'UTC' }).format(new Date(`${d}T00:00Z`)),
    moment: (iso: string) =>
      new Intl.DateTimeFormat(tag, { ...latn, timeStyle: 'short', timeZone }).format(new Date(iso)),
  };
}

/** What the PDF of `loan`, signed in `lang` by `who`, must say, each piece on its own. */
async function expectedText(lang: Language, loan: Loan, who: { id: number; name: string }) {
  const say = await wordsOf(lang);
  const l = localeOf(lang, server.modules.loans.loans.timeZone);
  const f = loan.figures;
  const values = {
    productName: 'Flex',
    amount: l.amount(f.amount),
    termDays: f.termDays,
    dailyRatePercent: l.decimal(f.dailyRatePercent),
    annualPercent: l.decimal(f.annualPercent),
    freeDays: f.freeDays,
    totalInterest: l.amount(f.totalInterest),
    totalRepay: l.amount(f.totalRepay),
    repayBy: l.day(f.repayBy),
    overdueRatePercent: l.decimal(f.overdueRatePercent),
    dailyDamages: l.amount(f.dailyDamages),
  };
  const [row] = await server.db.query<{ sha: string; signed: string; username: string }>(
    `select l.signature_sha256 as sha, l.figures ->> 'signedAt' as signed, u.username
       from loans l join users u on u.id = l.user_id where l.id = $1`,
    [loan.id],
  );
  if (row === undefined) throw new Error('the loan is not stored');
  return [
    ...AGREEMENT_CLAUSES.map((c) => say(`agreement.${c}`, values)),
    say('pdf.borrower'),
    who.name,
    say('pdf.account'),
    say('pdf.accountValue', { username: row.username, id: who.id }),
    say('pdf.lender'),
    'Kestrel Markets',
    say('figures.totalRepay'),
    `${l.amount(f.totalRepay)} USDT`,
    say('figures.repayBy'),
    l.day(f.repayBy),
    say('status.repaid'),
    say('detail.dueDay'),
    l.day(loan.dueDay ?? ''),
    say('detail.repaidAt'),
    l.moment(loan.repaidAt ?? ''),
    say('detail.repaidAmount'),
    `${l.amount(loan.repaidAmount ?? '')} USDT`,
    say('pdf.signedAt'),
    l.moment(row.signed),
    row.sha,
    loan.agreementHash,
  ];
}

/** Every font in the PDF is embedded (a viewer without it would substitute or draw boxes). */
async function expectEmbeddedFonts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const descriptors = doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => o)
    .filter(
      (o): o is PDFDict =>
        o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'),
    );
  expect(descriptors.length).toBeGreaterThan(0);
  for (const d of descriptors) expect(d.has(PDFName.of('FontFile2'))).toBe(true);
}

/** Each page drawn to PNG for a person to look at; something is drawn on every one. */
async function drawPages(lang: Language, bytes: Uint8Array, pages: number) {
  await mkdir(PAGES, { recursive: true });
  for (let n = 1; n <= pages; n++) {
    const png = await renderPage(bytes, n);
    await writeFile(path.join(PAGES, `${lang}-page${n}.png`), png);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const inked = data.filter((v, i) => i % info.channels === 0 && v < 128).length;
    expect(inked, `${lang} page ${n}`).toBeGreaterThan(2000);
  }
}

/**
 * What must be found of `expected` in the text a viewer extracts. A right-to-left line that
 * holds Latin words or figures comes back with them where they are drawn, not where the
 * sentence has them (pdf.js rebuilds the order from the glyphs), so in Arabic each piece is
 * looked for on its own: every Arabic stretch in order, every word or figure between them.
 */
function piecesOf(lang: Language, expected: string): string[] {
  if (!RTL_LANGUAGES.has(lang)) return [plain(expected)];
  return expected
    .split(/([A-Za-z0-9](?:[A-Za-z0-9.,:%+-]*[A-Za-z0-9%])?)/)
    .map(plain)
    .filter((p) => p !== '' && !/^[.,:;،؛]+$/.test(p));
}

/** A borrower's name in the script their language writes it in. */
const NAMES: Partial<Record<Language, [string, string]>> = {
  ar: ['آدا', 'لوفليس'],
  ja: ['花子', '山田'],
  ko: ['지민', '김'],
  zh: ['小明', '王'],
  hk: ['嘉欣', '陳'],
};

describe('the agreement PDF is the agreement, in the language it was signed in', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: parties, figures, every clause, dates, signature, hashes, the repayment`, async () => {
      const [first, last] = NAMES[lang] ?? ['Ada', 'Lovelace'];
      const p = await borrower(first, last);
      const id = await signedLoan(p.token, await SIGNATURES.png(), lang);
      const loan = await repay(p.token, id);
      const pdf = await agreementPdf(p.token, id);
      expect(pdf.type).toBe('application/pdf');
      const pages = await pdfText(pdf.body);
      const text = plain(pages.flat().join(''));
      const expected = await expectedText(lang, loan, { id: p.id, name: `${first} ${last}` });
      for (const e of expected) {
        for (const piece of piecesOf(lang, e)) expect(text, `${lang}: ${e}`).toContain(piece);
      }
      await expectEmbeddedFonts(pdf.body);
      await drawPages(lang, pdf.body, pages.length);
    });
  }

  it('is no one else’s to download', async () => {
    const p = await borrower();
    const id = await signedLoan(p.token, await SIGNATURES.png());
    const other = await borrower();
    const pdf = await agreementPdf(other.token, id);
    expect(JSON.parse(pdf.body.toString()) as { code: number }).toMatchObject({ code: 10101 });
  });
});
