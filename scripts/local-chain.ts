/**
 * `npm run chain`: a local EVM chain for development, with TestUSDT and CharityNFT deployed and
 * some balances to play with. Prints the server settings to use it; stops on Ctrl-C.
 *
 * CHAIN_PORT picks the port (default 8545, where wallets look for a local node).
 */
import { formatUnits, parseUnits } from 'viem';
import { HARDHAT_ACCOUNT_KEYS, startLocalChain } from '../test-support/local-chain.ts';

const USDT_EACH = parseUnits('10000', 6);
const NFT_IDS = [1n, 2n, 3n];

async function main(): Promise<void> {
  const port = Number(process.env.CHAIN_PORT ?? 8545);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
    throw new Error(`CHAIN_PORT must be a port number, not ${process.env.CHAIN_PORT}`);
  }

  const started = performance.now();
  const chain = await startLocalChain({ port });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal}: stopping the chain...`);
    void chain.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    const holders = chain.accounts.slice(1, 5);
    for (const holder of holders) await chain.mintUsdt(holder, USDT_EACH);
    const nftHolder = chain.accounts[1];
    if (nftHolder === undefined) throw new Error('the node has no account 1');
    for (const id of NFT_IDS) {
      await chain.mintNft(nftHolder, id, `ipfs://kestrel-charity/${id}.json`);
    }

    const lines = [
      `Local chain ${chain.chainId} on ${chain.rpcUrl}, ready in ${Math.round(performance.now() - started)} ms.`,
      '',
      'Server settings (README, Configuration), ready to paste into the shell that runs `npm start`:',
      '',
      `export CHAIN_RPC_URL=${chain.rpcUrl}`,
      `export CHAIN_ID=${chain.chainId}`,
      `export CHAIN_TOKENS='USDT=${chain.usdt}'`,
      `export NFT_CONTRACT=${chain.nft}`,
      // This node mines a block per transaction only: 12 confirmations would wait for traffic.
      'export DEPOSIT_CONFIRMATIONS=1',
      '',
      `Minted ${formatUnits(USDT_EACH, 6)} USDT to each of accounts 1-4 and NFTs ${NFT_IDS.join(', ')} to account 1.`,
      'Accounts (publicly known test keys, never use them on a real network):',
      ...chain.accounts
        .slice(0, HARDHAT_ACCOUNT_KEYS.length)
        .map(
          (address, i) =>
            `  #${i} ${address}  key ${HARDHAT_ACCOUNT_KEYS[i]}${i === 0 ? '  (deployer)' : ''}`,
        ),
      '',
      'Ctrl-C stops the chain; its state is gone with it.',
    ];
    console.info(lines.join('\n'));
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
