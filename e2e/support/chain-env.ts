import { tmpdir } from 'node:os';
import path from 'node:path';

/** The local chain of the e2e suite: where it runs and how the server is set up to use it. */
export const CHAIN_PORT = Number(process.env.E2E_CHAIN_PORT ?? 4185);
export const CHAIN_READY_PORT = CHAIN_PORT + 1;
export const E2E_CHAIN_URL = `http://127.0.0.1:${CHAIN_PORT}`;
/** Hardhat's account 1: holds charity NFT 1 on the e2e chain. */
export const NFT_HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** Where NFTs link to (nothing answers there: the tests read the links, not the pages). */
export const E2E_EXPLORER = 'https://explorer.kestrel.test';
/** Blocks a deposit waits for before it is credited. */
export const E2E_CONFIRMATIONS = 20;
/** Held by the test that has the chain to itself (e2e/support/chain.ts); a new chain clears it. */
export const CHAIN_LOCK = path.join(tmpdir(), `kestrel-e2e-chain-${CHAIN_PORT}.lock`);
