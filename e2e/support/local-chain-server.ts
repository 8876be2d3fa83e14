/**
 * The e2e suite's chain: a fresh Hardhat node with TestUSDT and CharityNFT deployed, then a
 * one-line HTTP answer on READY_PORT, so Playwright starts the server only once the contracts
 * are there (the server checks the token's decimals at start).
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { startLocalChain } from '../../test-support/local-chain.ts';
import { CHAIN_LOCK, CHAIN_PORT, CHAIN_READY_PORT, NFT_HOLDER } from './chain-env.ts';

// A run killed while a test held the chain leaves its lock behind; this is a fresh chain.
rmSync(CHAIN_LOCK, { recursive: true, force: true });
const port = CHAIN_PORT;
const readyPort = CHAIN_READY_PORT;

const chain = await startLocalChain({ port, ownProcessGroup: false });
// Charity NFT 1 has an owner on chain; 2 and 3 are not minted (e2e/nfts.spec.ts).
await chain.mintNft(NFT_HOLDER, 1n, 'ipfs://kestrel-charity/1.json');
const ready = createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');

function stop(): void {
  ready.close();
  void chain.stop().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
