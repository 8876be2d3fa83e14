import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface Instrument {
  id: number;
  code: string;
  precision: number;
}

/** An instrument's id and price precision, as the market list of its category gives them. */
export async function instrument(
  request: APIRequestContext,
  code: string,
  type = 2,
): Promise<Instrument & { type: number }> {
  const res = await request.get(
    `/swx/customer/index/listMarketByType?type=${type}&size=100&search=${code.replace('USDT', '')}`,
  );
  const body = (await res.json()) as { result: { list: Instrument[] } };
  const found = body.result.list.find((i) => i.code === code);
  if (found === undefined) throw new Error(`${code} is not listed`);
  return { ...found, type };
}

/**
 * Feeds one tick at `price` now (DEV_FEED_ROUTE). The simulator ticks every 500 ms: a tick it
 * stamped a millisecond later wins and ours is refused, so a refusal is tried once more.
 */
export async function pushTick(
  request: APIRequestContext,
  code: string,
  price: string,
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await request.post('/dev/ticks', { data: { code, price } });
    const body = (await res.json()) as { code: number; result: { accepted: boolean } };
    expect(body.code).toBe(200);
    if (body.result.accepted) return;
  }
  throw new Error(`the feed refused ${code} at ${price} twice`);
}

/**
 * Both layouts run this file at once against one server, and a test that moves a price would
 * fire the other's stops on the same instrument: such tests hold the instrument for themselves.
 */
export async function holdingPrice<T>(code: string, run: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `kestrel-e2e-price-${process.ppid}-${code}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await run();
  } finally {
    await rmdir(lock);
  }
}
