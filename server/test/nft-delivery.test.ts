import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charityNftAbi } from '../../contracts-abi/abis.ts';
import {
  HARDHAT_ACCOUNT_KEYS,
  LOCAL_CHAIN_ID,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';
import { credit, quickUser, REAL, requestKey, staffSession, USER } from './helpers/funds.ts';
import { newSale } from './helpers/nfts.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A sold charity NFT delivered on chain: the custody account (NFT_CUSTODY_KEY) sends the token
 * to the winner's linked wallet once, records the transaction, waits for a wallet when there
 * is none, and never sends twice.
 */
const CHAIN_PORT = 8652;
const MINUTE = 60_000;

describe('charity NFT delivery on a local chain', () => {
  let chain: LocalChain;
  let server: TestServer;
  let admin: string;
  let custody: Address;

  beforeAll(async () => {
    chain = await startLocalChain({ port: CHAIN_PORT });
    custody = chain.accounts[4] ?? '0x';
    server = await startTestServer({
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      CHAIN_EXPLORER_URL: 'https://explorer.example',
      CHAIN_POLL_MS: '600000',
      NFT_CUSTODY_KEY: HARDHAT_ACCOUNT_KEYS[4],
    });
    admin = (await staffSession(server, 'admin')).token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const ownerOf = async (token: bigint) =>
    getAddress(
      await chain.publicClient.readContract({
        address: chain.nft,
        abi: charityNftAbi,
        functionName: 'ownerOf',
        args: [token],
      }),
    );

  async function win(nftId: number, wallet: Address | undefined) {
    const p = await quickUser(server);
    await credit(server, p.id, { asset: 'USDT', amount: '1000', book: 'real' });
    if (wallet !== undefined) {
      await server.db.query(
        `insert into user_identities (user_id, provider, issuer, subject) values ($1, 'wallet', 'eip155', $2)`,
        [p.id, wallet.toLowerCase()],
      );
    }
    const sale = await newSale(server, admin, { durationMinutes: 5 }, nftId);
    const bid = await server.call('POST', `${USER}/bidNft`, {
      token: p.token,
      headers: REAL,
      body: { key: requestKey(), saleId: sale.id, amount: '100' },
    });
    expect(bid.code).toBe(200);
    server.clock.advance(6 * MINUTE);
    await server.jobs.runDue();
    return p;
  }

  async function delivery(token: string) {
    const res = await server.call('GET', `${USER}/listNft`, { token });
    const [owned] = (res.result as { list: { delivery: unknown }[] }).list;
    return owned?.delivery as { status: string; txHash: string | null; txUrl: string | null };
  }

  it("sends the token to the winner's wallet once, and shows the transaction", async () => {
    await chain.mintNft(custody, 1n, 'ipfs://kestrel-charity/1.json');
    const wallet = chain.accounts[6] ?? '0x';
    const p = await win(1, wallet);
    // This pass and the server's own runner (every 5 s) may both look at it: one sends.
    await server.modules.nfts.delivery?.pass();
    await expect.poll(() => ownerOf(1n)).toBe(getAddress(wallet));
    await expect.poll(async () => (await delivery(p.token)).status).toBe('sent');
    const sent = await delivery(p.token);
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent.txUrl).toBe(`https://explorer.example/tx/${sent.txHash}`);
    // Another pass, or a second runner, sends nothing more.
    await Promise.all([server.modules.nfts.delivery?.pass(), server.modules.nfts.delivery?.pass()]);
    expect((await delivery(p.token)).txHash).toBe(sent.txHash);
  });

  it('waits for a linked wallet (10021), then sends', async () => {
    await chain.mintNft(custody, 2n, 'ipfs://kestrel-charity/2.json');
    const p = await win(2, undefined);
    await server.modules.nfts.delivery?.pass();
    await expect.poll(async () => (await delivery(p.token)).status).toBe('no_address');
    expect(await ownerOf(2n)).toBe(getAddress(custody));
    const wallet = chain.accounts[7] ?? '0x';
    await server.db.query(
      `insert into user_identities (user_id, provider, issuer, subject) values ($1, 'wallet', 'eip155', $2)`,
      [p.id, wallet.toLowerCase()],
    );
    await server.modules.nfts.delivery?.pass();
    await expect.poll(() => ownerOf(2n)).toBe(getAddress(wallet));
    await expect.poll(async () => (await delivery(p.token)).status).toBe('sent');
  });

  it('does not send a token the custody account does not hold', async () => {
    const elsewhere = chain.accounts[8] ?? '0x';
    await chain.mintNft(elsewhere, 3n, 'ipfs://kestrel-charity/3.json');
    const p = await win(3, chain.accounts[9] ?? '0x');
    await server.modules.nfts.delivery?.pass();
    await expect.poll(async () => (await delivery(p.token)).status).toBe('failed');
    expect(await ownerOf(3n)).toBe(getAddress(elsewhere));
  });
});
