import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ADMIN } from './staff.ts';

/**
 * What the earn tests set up through the public API, as an operator and a person would before
 * the screens under test: products and their funded accounts, money on the real book, a
 * verified identity. Each call must answer 200: a setup that fails says which call.
 */
const STAFF = '/swx/admin';
const USER = '/swx/customer/user';
const PHOTO = 'e2e/fixtures/proof.png';

interface Envelope {
  code: number;
  result: unknown;
}

async function ok(what: string, answer: Promise<{ json(): Promise<unknown> }>): Promise<unknown> {
  const body = (await (await answer).json()) as Envelope;
  if (body.code !== 200) throw new Error(`${what} answered ${JSON.stringify(body)}`);
  return body.result;
}

/** The server's env the earn tests need on their own server (OwnServer). */
export const EARN_SERVER_ENV = {
  DEV_CLOCK_ROUTE: 'true',
  DEV_OUTBOX_ROUTE: 'true',
  BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
  BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  PGLITE_STORAGE: 'memory',
  // Nothing here trades: a slow simulator leaves the machine to the other tests.
  MARKET_TICK_MS: '5000',
};

export class Operator {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<Operator> {
    const result = (await ok('staff login', request.post(`${STAFF}/login`, { data: ADMIN }))) as {
      token: string;
    };
    return new Operator(request, result.token);
  }

  private post(route: string, data: object): Promise<unknown> {
    return ok(
      route,
      this.request.post(`${STAFF}/${route}`, { data, headers: { authorization: this.token } }),
    );
  }

  /** A 10-day plan at 1% a day, 5% to leave early, its reserve funded with 1,000 USDT. */
  async planProduct(name: string): Promise<number> {
    const saved = (await this.post('saveSmartProduct', {
      name,
      minAmount: '10',
      maxAmount: '5000',
      cycleDays: 10,
      dailyRatePercent: '1',
      purchaseLimit: 3,
      exitPenaltyPercent: '5',
      yieldSource: 'Market-making fees of the operator, set aside in the reserve',
      status: 'open',
      reason: 'Launch the product',
    })) as { id: number };
    await this.post('fundSmartReserve', {
      key: randomUUID(),
      productId: saved.id,
      amount: '1000',
      reason: 'Fund the reserve',
    });
    return saved.id;
  }

  /** Loans of 100 to 5,000 USDT for 7 or 30 days at 0.1% a day, 2 days free, funded 20,000. */
  async loanProduct(name: string): Promise<void> {
    await this.post('saveLoanProduct', {
      name,
      minAmount: '100',
      maxAmount: '5000',
      terms: [7, 30],
      dailyRatePercent: '0.1',
      freeDays: 2,
      overdueRatePercent: '0.5',
      status: 'open',
      reason: 'Launch loans',
    });
    await this.post('fundLending', { key: randomUUID(), amount: '20000', reason: 'Fund lending' });
  }

  /**
   * Puts a catalogue NFT on sale: from 100 USDT, 5% increments, a 5-minute anti-sniping
   * extension, 80% to the charity, 15% to the creator, 5% fee, ending `minutes` from now.
   */
  async nftSale(nftId: number, minutes: number): Promise<number> {
    const sale = (await this.post('saveNftSale', {
      nftId,
      startPrice: '100',
      minIncrementPercent: '5',
      extendMinutes: 5,
      charityPercent: '80',
      creatorPercent: '15',
      feePercent: '5',
      durationMinutes: minutes,
      reason: 'Charity week',
    })) as { id: number };
    return sale.id;
  }

  /** Puts the operator's money into the rewards pool. */
  async fundRewards(amount: string): Promise<void> {
    await this.post('fundRewardsPool', { key: randomUUID(), amount, reason: 'Rewards season' });
  }

  async credit(userId: number, amount: string): Promise<void> {
    await this.post('adjustBalance', {
      key: randomUUID(),
      userId,
      asset: 'USDT',
      book: 'real',
      direction: 'credit',
      amount,
      reason: 'Opening balance for the test',
    });
  }

  /** The person's identity: documents sent through the API, approved through the queue. */
  async verify(person: Person): Promise<void> {
    const file = async (route: string) =>
      (
        (await ok(
          route,
          this.request.post(`${USER}/${route}`, {
            headers: { authorization: person.token },
            multipart: {
              file: { name: 'photo.png', mimeType: 'image/png', buffer: readFileSync(PHOTO) },
            },
          }),
        )) as { fileId: string }
      ).fileId;
    const files = {
      front: await file('uploadKycImage'),
      back: await file('uploadKycImage'),
      selfie: await file('uploadKycImage'),
      signature: await file('uploadKycSignature'),
    };
    const sent = (await ok(
      'identification',
      this.request.post(`${USER}/identification`, {
        headers: { authorization: person.token },
        data: {
          key: randomUUID(),
          personal: {
            firstName: 'Ada',
            lastName: 'Lovelace',
            sex: 'female',
            birthdate: '1990-12-10',
            country: 'GB',
            address: '12 St James Square, London',
            areaCode: '+44',
            phone: '2079460000',
          },
          docType: 'id_card',
          files,
        },
      }),
    )) as { id: number };
    await this.post('claimKyc', { id: sent.id });
    await this.post('reviewKyc', { id: sent.id, decision: 'approve' });
  }
}

export interface Person {
  id: number;
  token: string;
}

/** The signed-in person of `page` (the app keeps the session in local storage). */
export async function personOf(page: Page): Promise<Person> {
  const stored = await page.evaluate(() => localStorage.getItem('kestrel.session'));
  const session = JSON.parse(stored ?? '{}') as { token?: string; userInfo?: { id: number } };
  if (session.token == null || session.userInfo === undefined) throw new Error('not signed in');
  return { id: session.userInfo.id, token: session.token };
}

/** Moves the server's clock on by whole days (DEV_CLOCK_ROUTE) and runs the jobs then due. */
export async function passDays(request: APIRequestContext, days: number): Promise<void> {
  await ok('dev clock', request.post('/dev/clock', { data: { days } }));
}

/** Subscribes the person to a smart plan through the API, in the real account. */
export async function subscribe(
  request: APIRequestContext,
  person: Person,
  productId: number,
  amount: string,
): Promise<void> {
  await ok(
    'buySmart',
    request.post('/swx/customer/order/buySmart', {
      headers: { authorization: person.token, virtually: 'YES' },
      data: { key: randomUUID(), productId, amount },
    }),
  );
}

/** Moves the server's clock on by whole minutes and runs the jobs then due (an auction's end). */
export async function passMinutes(request: APIRequestContext, minutes: number): Promise<void> {
  await ok('dev clock', request.post('/dev/clock', { data: { minutes } }));
}
