import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSale, NftDetail, NftSale } from '../../contract/nfts/schemas.ts';
import { credit, quickUser, REAL, requestKey, staffSession, USER } from './helpers/funds.ts';
import { newNft, newSale } from './helpers/nfts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Charity NFT auctions through the API: bids are ledger holds, an outbid hold is released in
 * the bid's own transaction, a late bid extends the end, the settlement job sells once and
 * shares the price; every refusal has its code and writes nothing.
 */
const INDEX = '/swx/customer/index';
const ADMIN = '/swx/admin';
const MINUTE = 60_000;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await staffSession(server, 'admin')).token;
});
afterAll(async () => {
  await server.close();
});

async function person(amount = '1000') {
  const p = await quickUser(server);
  await credit(server, p.id, { asset: 'USDT', amount, book: 'real' });
  return p;
}

const units = (usdt: string) => BigInt(Math.round(Number(usdt) * 1e6));
const balance = (userId: number, purpose: 'available' | 'held' = 'available') =>
  server.ledger.balance(userId, 'USDT', 'real', purpose);

function bid(token: string, saleId: number, amount: string, key = requestKey(), headers = REAL) {
  return server.call('POST', `${USER}/bidNft`, { token, headers, body: { key, saleId, amount } });
}
function buyNow(token: string, saleId: number, key = requestKey()) {
  return server.call('POST', `${USER}/buyNft`, { token, headers: REAL, body: { key, saleId } });
}
async function detail(nftId: number, token?: string) {
  const res = await server.call('GET', `${INDEX}/getNft/${nftId}`, { token });
  expect(res.code).toBe(200);
  return res.result as NftDetail;
}
async function openHolds(saleId: number) {
  const [row] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from ledger_holds h join nft_bids b on b.hold_id = h.id
      where b.sale_id = $1 and h.status = 'open'`,
    [saleId],
  );
  return row?.n ?? 0;
}
async function endSales() {
  server.clock.advance(2 * 60 * MINUTE);
  await server.jobs.runDue();
}

describe('charity auctions', () => {
  it('holds each bid, releases the outbid one at once, extends a late bid, and settles once', async () => {
    const sale: AdminSale = await newSale(server, admin, { durationMinutes: 10 });
    expect(sale).toMatchObject({
      status: 'open',
      minNextBid: '100',
      split: { charityPercent: '80', creatorPercent: '15', feePercent: '5' },
    });
    const [a, b] = [await person(), await person()];
    expect((await bid(a.token, sale.id, '100')).code).toBe(200);
    expect(await balance(a.id, 'held')).toBe(units('100'));
    const second = await bid(b.token, sale.id, '105');
    expect(second.code).toBe(200);
    // a's hold went back in b's transaction.
    expect(await balance(a.id)).toBe(units('1000'));
    expect(await balance(a.id, 'held')).toBe(0n);
    expect(await balance(b.id, 'held')).toBe(units('105'));
    expect(await openHolds(sale.id)).toBe(1);

    // Eight minutes on, two are left of ten: a bid now moves the end to five after it.
    server.clock.advance(8 * MINUTE);
    const before = server.clock.now();
    const late = (await bid(a.token, sale.id, '120')).result as { sale: NftSale };
    const endsAt = new Date(late.sale.endsAt).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(endsAt).toBeLessThanOrEqual(server.clock.now() + 5 * MINUTE);
    expect(late.sale.originalEndsAt).toBe(sale.endsAt);

    await endSales();
    await server.jobs.runDue();
    const { nft, history } = await detail(sale.nftId, a.token);
    expect(nft).toMatchObject({ ownedByYou: true, donated: '96' });
    expect(nft.sale).toMatchObject({ status: 'settled', finalPrice: '120', donated: '96' });
    expect(history.map((h) => [h.amount, h.status])).toEqual([
      ['120', 'won'],
      ['105', 'outbid'],
      ['100', 'outbid'],
    ]);
    expect(await balance(a.id)).toBe(units('880'));
    expect(await balance(a.id, 'held')).toBe(0n);
    expect(await balance(b.id)).toBe(units('1000'));
    const charity = await server.ledger.platformBalance(
      server.db,
      'payee:nfts:charity',
      'USDT',
      'real',
    );
    expect(charity).toBeGreaterThanOrEqual(units('96'));
    const donations = await server.call('GET', `${INDEX}/listDonations`);
    expect(donations.result).toMatchObject({
      sales: expect.arrayContaining([expect.objectContaining({ saleId: sale.id, charity: '96' })]),
    });
    const kinds = await server.db.query<{ kind: string; user_id: number }>(
      `select kind, user_id from notifications where kind like 'nfts.%' and user_id = any($1)
        order by id`,
      [[a.id, b.id]],
    );
    expect(kinds.map((k) => [k.kind, Number(k.user_id)])).toEqual([
      ['nfts.outbid', a.id],
      ['nfts.outbid', b.id],
      ['nfts.won', a.id],
      ['nfts.lost', b.id],
    ]);
  });

  it('buy-now pays and settles at once, releasing the leading bid', async () => {
    const sale = await newSale(server, admin, { buyNowPrice: '300' });
    const [a, b] = [await person(), await person()];
    await bid(a.token, sale.id, '150');
    const bought = await buyNow(b.token, sale.id);
    expect(bought).toMatchObject({
      code: 200,
      result: { message: 20004, sale: { status: 'settled' } },
    });
    expect(await balance(a.id)).toBe(units('1000'));
    expect(await balance(b.id)).toBe(units('700'));
    expect(await openHolds(sale.id)).toBe(0);
    // Sold: no second buy-now, no bid, no new sale of it.
    expect((await buyNow(a.token, sale.id)).code).toBe(10020);
    expect((await bid(a.token, sale.id, '400')).code).toBe(10020);
    const again = await server.call('POST', `${ADMIN}/saveNftSale`, {
      token: admin,
      body: { ...sale, ...{ nftId: sale.nftId }, reason: 'again' },
    });
    expect(again.code).not.toBe(200);
  });

  it('refuses bad bids with their codes and writes nothing', async () => {
    const creator = await person();
    const sale = await newSale(server, admin, { creatorUserId: creator.id });
    const p = await person('150');
    const before = await server.db.query('select count(*)::int as n from nft_bids');
    expect((await bid(p.token, sale.id, '99.999999')).code).toBe(10210);
    expect((await bid(creator.token, sale.id, '200')).code).toBe(10211);
    expect((await bid(p.token, sale.id, '151')).code).toBe(10011);
    expect(
      (await bid(p.token, sale.id, '120', requestKey(), { virtually: 'NO' } as never)).code,
    ).toBe(10201);
    expect((await bid(p.token, 999_999_999, '120')).code).toBe(10020);
    expect((await buyNow(p.token, sale.id)).code).toBe(10020);
    for (const amount of ['1e3', '-120', '0', '120.0000001', '0x78', ' ', '1'.repeat(40), 'NaN']) {
      expect((await bid(p.token, sale.id, amount)).code, amount).toBe(10210);
    }
    for (const saleId of ['1e1', -1, 0, 'x', null, 1.5]) {
      const res = await server.call('POST', `${USER}/bidNft`, {
        token: p.token,
        headers: REAL,
        body: { key: requestKey(), saleId, amount: '120' },
      });
      expect(res.code, String(saleId)).toBe(10020);
    }
    const after = await server.db.query('select count(*)::int as n from nft_bids');
    expect(after).toEqual(before);
    expect(await balance(p.id)).toBe(units('150'));

    // A replay answers the first bid; the same key with another amount is refused.
    const key = requestKey();
    const first = await bid(p.token, sale.id, '120', key);
    expect(first.code).toBe(200);
    expect(await bid(p.token, sale.id, '120', key)).toEqual(first);
    expect((await bid(p.token, sale.id, '130', key)).code).toBe(10134);
    expect(await balance(p.id, 'held')).toBe(units('120'));

    // After the end: no bid, and the person's bid is the sale's.
    await endSales();
    expect((await bid(creator.token, sale.id, '500')).code).toBe(10020);
    // The creator was paid their 15% of 120 into their own account.
    expect(await balance(creator.id)).toBe(units('1018'));
  });

  it('lets staff withdraw a sale (the leading bid released) and refuses bad terms', async () => {
    const sale = await newSale(server, admin);
    const p = await person();
    await bid(p.token, sale.id, '100');
    const reviewer = (await staffSession(server, 'reviewer')).token;
    const denied = await server.call('POST', `${ADMIN}/withdrawNftSale`, {
      token: reviewer,
      body: { saleId: sale.id, reason: 'Creator asked' },
    });
    expect(denied.code).not.toBe(200);
    const withdrawn = await server.call('POST', `${ADMIN}/withdrawNftSale`, {
      token: admin,
      body: { saleId: sale.id, reason: 'Creator asked' },
    });
    expect(withdrawn).toMatchObject({ code: 200, result: { status: 'withdrawn' } });
    expect(await balance(p.id)).toBe(units('1000'));
    expect((await bid(p.token, sale.id, '200')).code).toBe(10020);

    const nftId = await newNft(server);
    const bad = async (terms: Record<string, unknown>) =>
      (
        await server.call('POST', `${ADMIN}/saveNftSale`, {
          token: admin,
          body: {
            nftId,
            startPrice: '100',
            minIncrementPercent: '5',
            extendMinutes: 5,
            charityPercent: '80',
            creatorPercent: '15',
            feePercent: '5',
            durationMinutes: 60,
            reason: 'Charity week',
            ...terms,
          },
        })
      ).code;
    expect(await bad({ feePercent: '6' })).toBe(10138);
    expect(await bad({ buyNowPrice: '50' })).toBe(10138);
    expect(await bad({ minIncrementPercent: '0' })).toBe(10138);
    expect(await bad({ extendMinutes: 61 })).toBe(10138);
    expect(await bad({ creatorUserId: 999_999_999 })).toBe(10009);
    expect(await bad({ reason: '' })).toBe(10132);
    expect(await bad({ nftId: 999_999_999 })).toBe(10101);
    expect(await bad({})).toBe(200);
    expect(await bad({})).toBe(10212);
  });

  it('32 concurrent bids on one auction leave one leader, one hold, and every other bid released', async () => {
    const sale = await newSale(server, admin, { minIncrementPercent: '0.01' });
    const people = await Promise.all(Array.from({ length: 32 }, () => person('1000')));
    const answers = await Promise.all(people.map((p, i) => bid(p.token, sale.id, String(100 + i))));
    const accepted = answers.filter((a) => a.code === 200).length;
    expect(accepted).toBeGreaterThan(0);
    for (const a of answers) expect([200, 10210]).toContain(a.code);
    expect(await openHolds(sale.id)).toBe(1);
    const [leader] = await server.db.query<{ user_id: number; amount: string }>(
      `select user_id, amount::text from nft_bids where sale_id = $1 and status = 'leading'`,
      [sale.id],
    );
    expect(leader).toBeDefined();
    let held = 0n;
    for (const p of people) held += await balance(p.id, 'held');
    expect(held).toBe(units(leader?.amount ?? '0'));
    const { nft } = await detail(sale.nftId);
    expect(nft.sale).toMatchObject({ bids: accepted, currentBid: String(Number(leader?.amount)) });
  });

  it("shows no one else's bids as theirs, and lists a person's own NFTs and bids", async () => {
    const sale = await newSale(server, admin);
    const [a, b] = [await person(), await person()];
    await bid(a.token, sale.id, '100');
    const seenByB = await detail(sale.nftId, b.token);
    expect(seenByB.history[0]).toMatchObject({ mine: false });
    expect(seenByB.history[0]?.bidder).toMatch(/^\S\*\*\*\S?$/);
    expect(seenByB.nft.sale).toMatchObject({ leading: false });
    const mine = await server.call('GET', `${USER}/listNftBids`, { token: a.token });
    expect(mine.result).toMatchObject({ total: 1, list: [{ saleId: sale.id, status: 'leading' }] });
    const theirs = await server.call('GET', `${USER}/listNftBids`, { token: b.token });
    expect(theirs.result).toMatchObject({ total: 0 });
    expect((await server.call('GET', `${USER}/listNftBids`)).status).toBe(401);
  });
});
