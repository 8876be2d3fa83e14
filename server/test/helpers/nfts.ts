import type { AdminSale } from '../../../contract/nfts/schemas.ts';
import { ADMIN } from './funds.ts';
import type { TestServer } from './test-server.ts';

let nftCounter = 0;

/** A catalogue NFT inserted directly (staff add NFTs with the chain; tests need many). */
export async function newNft(server: TestServer): Promise<number> {
  nftCounter += 1;
  const [row] = await server.db.query<{ id: number }>(
    `insert into nfts (name, creator, image, token_id, starting_price, asset, sort)
     values ($1, 'Test Creator', '/nft/morning-kite.svg', $2, 10, 'USDT', 100) returning id`,
    [`Test NFT ${nftCounter}`, 1_000_000 + process.pid * 1000 + nftCounter],
  );
  if (row === undefined) throw new Error('nft insert returned no row');
  return Number(row.id);
}

export interface SaleTerms {
  startPrice: string;
  minIncrementPercent: string;
  extendMinutes: number;
  buyNowPrice?: string;
  charityPercent: string;
  creatorPercent: string;
  feePercent: string;
  durationMinutes: number;
  creatorUserId?: number;
}

export const TERMS: SaleTerms = {
  startPrice: '100',
  minIncrementPercent: '5',
  extendMinutes: 5,
  charityPercent: '80',
  creatorPercent: '15',
  feePercent: '5',
  durationMinutes: 60,
};

/** A sale made by an admin on a fresh NFT (or `nftId`); returns the sale as staff see it. */
export async function newSale(
  server: TestServer,
  admin: string,
  terms: Partial<SaleTerms> = {},
  nftId?: number,
): Promise<AdminSale> {
  const res = await server.call('POST', `${ADMIN}/saveNftSale`, {
    token: admin,
    body: { nftId: nftId ?? (await newNft(server)), ...TERMS, ...terms, reason: 'Charity week' },
  });
  if (res.code !== 200) throw new Error(`saveNftSale answered ${res.code}`);
  return res.result as AdminSale;
}
