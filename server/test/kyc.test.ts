import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycState } from '../../contract/kyc/schemas.ts';
import {
  ADMIN,
  fundReal,
  multipartForm,
  quickUser,
  REAL,
  requestKey,
  staffSession,
  USER,
} from './helpers/funds.ts';
import { gradientPng } from './helpers/images.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { retentionJob } from '../src/kyc/queue.ts';

/**
 * Identity verification: a submission of data and images, one pending at a time, decided per
 * part through the review queue, told to the person, its documents read only by their owner
 * and reviewers (each read shown to the person), and deleted past the retention period.
 */
let server: TestServer;
let reviewer: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  reviewer = (await staffSession(server, 'reviewer')).token;
  png = await gradientPng(64, 48);
});
afterAll(async () => {
  await server.close();
});

async function upload(token: string, route: string, bytes: Buffer, type = 'image/png') {
  const form = multipartForm(bytes, type, 'photo.png');
  const res = await server.app.inject({
    method: 'POST',
    url: `${USER}/${route}`,
    payload: form.payload,
    headers: { authorization: token, 'content-type': form.contentType },
  });
  return res.json<{ code: number; result: { fileId: string } }>();
}

async function images(token: string) {
  const id = async (route: string) => {
    const res = await upload(token, route, png);
    expect(res.code).toBe(200);
    return res.result.fileId;
  };
  return {
    front: await id('uploadKycImage'),
    back: await id('uploadKycImage'),
    selfie: await id('uploadKycImage'),
    signature: await id('uploadKycSignature'),
  };
}

const PERSONAL = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  sex: 'female',
  birthdate: '1990-12-10',
  country: 'GB',
  address: '12 St James Square, London',
  areaCode: '+44',
  phone: '2079460000',
};

const submit = (token: string, files: object, extra: object = {}) =>
  server.call('POST', `${USER}/identification`, {
    token,
    body: { key: requestKey(), personal: PERSONAL, docType: 'id_card', files, ...extra },
  });
const state = async (token: string) =>
  (await server.call('GET', `${USER}/getKycStatus`, { token })).result as KycState;

describe('identity verification', () => {
  it('is submitted, rejected for one part, sent again with that part only, and verified', async () => {
    const person = await quickUser(server);
    expect((await state(person.token)).status).toBe('none');
    const files = await images(person.token);
    const sent = await submit(person.token, files);
    expect(sent).toMatchObject({ code: 200, result: { status: 'pending', message: 20001 } });
    const id = (sent.result as { id: number }).id;
    const pending = await state(person.token);
    expect(pending.status).toBe('pending');
    // Borrowing waits for the decision: no loan cap before verification.
    expect(pending.limits.loanMax).toBe('0');
    expect(
      Date.parse(pending.reviewBy ?? '') - Date.parse(pending.submission?.submittedAt ?? ''),
    ).toBe(48 * 3_600_000);
    expect((await submit(person.token, files)).code).toBe(10026);

    // The reviewer looks at the selfie (audited, and shown to the person), then rejects it.
    const read = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/file/${files.selfie}`,
      headers: { authorization: reviewer },
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await server.call('POST', `${ADMIN}/claimKyc`, { token: reviewer, body: { id } })).code,
    ).toBe(200);
    const rejected = await server.call('POST', `${ADMIN}/reviewKyc`, {
      token: reviewer,
      body: {
        id,
        decision: 'reject',
        rejected: [{ part: 'selfie', reasonCode: 'face_not_visible' }],
      },
    });
    expect(rejected).toMatchObject({ code: 200, result: { status: 'rejected' } });
    const told = await state(person.token);
    expect(told.status).toBe('rejected');
    expect(told.submission?.rejected).toEqual([{ part: 'selfie', reasonCode: 'face_not_visible' }]);
    expect(told.views.map((v) => [v.fileId, v.staffRole])).toEqual([[files.selfie, 'reviewer']]);
    const notices = await server.call('GET', `${USER}/listNotification`, { token: person.token });
    expect((notices.result as { list: { notice: unknown }[] }).list[0]?.notice).toEqual({
      kind: 'kyc.decided',
      submissionId: id,
      approved: false,
      rejectedParts: ['selfie'],
    });

    // Only the selfie again; the accepted parts keep their ids.
    const selfie = (await upload(person.token, 'uploadKycImage', png)).result.fileId;
    const again = await submit(person.token, { ...files, selfie });
    expect(again.code).toBe(200);
    const second = (again.result as { id: number }).id;
    const approved = await server.call('POST', `${ADMIN}/reviewKyc`, {
      token: reviewer,
      body: { id: second, decision: 'approve' },
    });
    expect(approved).toMatchObject({ code: 200, result: { status: 'verified' } });
    const verified = await state(person.token);
    expect(verified.status).toBe('verified');
    expect(verified.limits.loanMax).toBe('50000');
    // Which role looked and when; never the reviewer's name.
    expect(verified.views.every((v) => v.staffUsername === null)).toBe(true);
    expect((await submit(person.token, files)).code).toBe(10019);
  });

  it("refuses another person's file, a file of the wrong kind and a document's missing side", async () => {
    const person = await quickUser(server);
    const other = await quickUser(server);
    const mine = await images(person.token);
    const theirs = await images(other.token);
    const before = await server.count('kyc_submissions');
    for (const files of [
      { ...mine, selfie: theirs.selfie },
      { ...mine, signature: mine.front },
      { ...mine, front: mine.signature },
      { front: mine.front, selfie: mine.selfie, signature: mine.signature },
      { ...mine, front: '0'.repeat(32) },
    ]) {
      expect((await submit(person.token, files)).code, JSON.stringify(files)).toBe(10025);
    }
    expect((await submit(person.token, mine, { docType: 'passport' })).code).toBe(10025);
    expect(await server.count('kyc_submissions')).toBe(before);
    const passport = { front: mine.front, selfie: mine.selfie, signature: mine.signature };
    expect((await submit(person.token, passport, { docType: 'passport' })).code).toBe(200);
  });

  it('refuses bad data and hostile values with a clear code, and writes nothing', async () => {
    const person = await quickUser(server);
    const files = await images(person.token);
    const before = await server.count('kyc_submissions');
    for (const personal of [
      { ...PERSONAL, birthdate: '2015-01-01' },
      { ...PERSONAL, birthdate: '1990-02-31' },
      { ...PERSONAL, birthdate: '1800-01-01' },
      { ...PERSONAL, firstName: '' },
      { ...PERSONAL, firstName: 'x'.repeat(61) },
      { ...PERSONAL, sex: 'unknown' },
      { ...PERSONAL, country: 'gb' },
      { ...PERSONAL, areaCode: '44' },
      { ...PERSONAL, phone: '12' },
      { ...PERSONAL, address: 'abc' },
      { ...PERSONAL, lastName: 'Robert\u0000' },
    ]) {
      const res = await submit(person.token, files, { personal });
      expect([10025, 10155], JSON.stringify(personal)).toContain(res.code);
    }
    expect((await submit(person.token, files, { docType: 'visa' })).code).toBe(10025);
    expect(await server.count('kyc_submissions')).toBe(before);
    const exe = Buffer.concat([Buffer.from('\u007fELF'), Buffer.alloc(200)]);
    const beforeFiles = await server.count('files');
    expect((await upload(person.token, 'uploadKycImage', exe)).code).toBe(10124);
    expect(await server.count('files')).toBe(beforeFiles);
  });

  it('ten submissions at once: one is pending, the others answer 10026', async () => {
    const person = await quickUser(server);
    const files = await images(person.token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => submit(person.token, files)),
    );
    const codes = answers.map((a) => a.code).sort((a, b) => a - b);
    expect(codes).toEqual([200, ...Array<number>(9).fill(10026)]);
    const [row] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from kyc_submissions where user_id = $1',
      [person.id],
    );
    expect(row?.n).toBe(1);
  });

  it('the same submission sent 4 times at once is one, each answered with it', async () => {
    const person = await quickUser(server);
    const files = await images(person.token);
    const body = { key: requestKey(), personal: PERSONAL, docType: 'id_card', files };
    const twins = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.call('POST', `${USER}/identification`, { token: person.token, body }),
      ),
    );
    expect(twins.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(twins.map((r) => (r.result as { id: number }).id)).size).toBe(1);
    expect((await submit(person.token, files)).code).toBe(10026);
  });

  it('a replay answers the first submission; the same key with another body is refused', async () => {
    const person = await quickUser(server);
    const files = await images(person.token);
    const key = requestKey();
    const body = { key, personal: PERSONAL, docType: 'id_card', files };
    const first = await server.call('POST', `${USER}/identification`, {
      token: person.token,
      body,
    });
    const again = await server.call('POST', `${USER}/identification`, {
      token: person.token,
      body,
    });
    expect(again).toEqual(first);
    const altered = await server.call('POST', `${USER}/identification`, {
      token: person.token,
      body: { ...body, personal: { ...PERSONAL, lastName: 'Byron' } },
    });
    expect(altered.code).toBe(10134);
  });

  it("a person's documents are theirs and reviewers' only; past the retention period they go", async () => {
    const person = await quickUser(server);
    const other = await quickUser(server);
    const files = await images(person.token);
    const id = ((await submit(person.token, files)).result as { id: number }).id;
    for (const token of [other.token]) {
      const res = await server.app.inject({
        method: 'GET',
        url: `${USER}/file/${files.front}`,
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(404);
    }
    const support = (await staffSession(server, 'support')).token;
    const bySupport = await server.app.inject({
      method: 'GET',
      url: `${ADMIN}/file/${files.front}`,
      headers: { authorization: support },
    });
    expect(bySupport.statusCode).toBe(404);
    await server.call('POST', `${ADMIN}/reviewKyc`, {
      token: reviewer,
      body: { id, decision: 'approve' },
    });

    // A day five years on: the documents are deleted, the decision stays.
    const job = retentionJob(server.files, async () => '1825');
    const later = Date.now() + 1826 * 86_400_000;
    const slot = { key: 'later', start: later };
    const keep = await job.prepare?.(slot);
    const summary = await server.db.transaction((tx) => job.runInTx(tx, slot, keep ?? 1825));
    expect(summary.files).toBeGreaterThanOrEqual(4);
    const after = await state(person.token);
    expect(after.status).toBe('verified');
    expect(after.submission?.files).toEqual({
      front: null,
      back: null,
      selfie: null,
      signature: null,
    });
    const [left] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from files where id = any($1::text[])',
      [Object.values(files)],
    );
    expect(left?.n).toBe(0);
  });

  it("an unverified person's withdrawals stay within the level's daily cap; verified, none", async () => {
    // Staff set the cap in the back office; a value outside its rule is refused.
    const admin = (await staffSession(server, 'admin')).token;
    const setCap = (value: string) =>
      server.call('POST', `${ADMIN}/setParam`, {
        token: admin,
        body: { key: 'kyc_withdraw_daily_max_unverified', value, reason: 'Level limits' },
      });
    expect((await setCap('a lot')).code).toBe(10138);
    expect((await setCap('100')).code).toBe(200);
    try {
      const person = await quickUser(server);
      await fundReal(server, person.token, reviewer, '500');
      const withdraw = (amount: string) =>
        server.call('POST', `${USER}/withdrawal`, {
          token: person.token,
          headers: REAL,
          body: {
            method: 'bank',
            key: requestKey(),
            asset: 'USDT',
            amount,
            bankName: 'Commerzbank',
            bankAddress: 'Kaiserplatz, Frankfurt am Main',
            accountName: 'Ada Lovelace',
            iban: 'DE89 3704 0044 0532 0130 00',
          },
        });
      // Two at once of 60 each: the person's lock makes the second see the first.
      const both = (await Promise.all([withdraw('60'), withdraw('60')])).map((r) => r.code);
      expect(both.sort((a, b) => a - b)).toEqual([200, 10022]);
      expect((await withdraw('40')).code).toBe(200);
      expect((await withdraw('10')).code).toBe(10022);

      const files = await images(person.token);
      const id = ((await submit(person.token, files)).result as { id: number }).id;
      await server.call('POST', `${ADMIN}/reviewKyc`, {
        token: reviewer,
        body: { id, decision: 'approve' },
      });
      expect((await withdraw('200')).code).toBe(200);
    } finally {
      expect((await setCap('')).code).toBe(200);
    }
  });
});
