import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nft } from '../../contract/nfts/schemas.ts';
import {
  LOCAL_CHAIN_ID,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const LIST = '/swx/customer/index/listNft';
/** A port of its own: other suites run their chains at the same time. */
const CHAIN_PORT = 8651;

async function list(server: TestServer): Promise<Nft[]> {
  const res = await server.call('GET', LIST);
  expect(res.code).toBe(200);
  return (res.result as { list: Nft[] }).list;
}

describe('charity NFTs on a local chain', () => {
  let chain: LocalChain;
  let server: TestServer;

  beforeAll(async () => {
    chain = await startLocalChain({ port: CHAIN_PORT });
    server = await startTestServer({
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      CHAIN_EXPLORER_URL: 'https://explorer.example/',
      CHAIN_POLL_MS: '600000',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it('shows chain, contract, token id, explorer links and the owner read on chain', async () => {
    const holder = chain.accounts[3] ?? '0x';
    await chain.mintNft(holder, 1n, 'ipfs://kestrel-charity/1.json');
    const nfts = await list(server);
    expect(nfts.map((n) => n.chain.tokenId)).toEqual(['1', '2', '3']);
    const [first, second] = nfts;
    expect(first?.chain).toEqual({
      chainId: LOCAL_CHAIN_ID,
      contract: chain.nft,
      tokenId: '1',
      tokenUrl: `https://explorer.example/token/${chain.nft}?a=1`,
      contractUrl: `https://explorer.example/address/${chain.nft}`,
      ownerStatus: 'read',
      owner: holder,
    });
    // Not minted yet: the chain answers, with no owner.
    expect(second?.chain).toMatchObject({ ownerStatus: 'read', owner: null });
  });
});

describe('charity NFTs without a chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('still show where they live on chain, and say the owner could not be read', async () => {
    const nfts = await list(server);
    expect(nfts).toHaveLength(3);
    for (const n of nfts) {
      expect(n.chain).toMatchObject({
        chainId: LOCAL_CHAIN_ID,
        tokenUrl: null,
        contractUrl: null,
        ownerStatus: 'unavailable',
        owner: null,
      });
      expect(n.startingPrice).toMatch(/^\d+$/);
    }
  });

  it('refuses a configuration with a javascript: explorer', async () => {
    await expect(startTestServer({ CHAIN_EXPLORER_URL: 'javascript:alert(1)' })).rejects.toThrow();
  });
});
