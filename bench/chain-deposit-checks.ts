/**
 * On-chain deposit checks against a local Hardhat node: how many payment checks per second the
 * server can read (receipt, transaction or logs, block number), and how long "find my transfer"
 * takes over a token's Transfer logs and over a scan of ETH blocks.
 *
 *   npx tsx bench/chain-deposit-checks.ts      (BENCH_PAYMENTS=200)
 */
import { parseAbiItem, parseEther, parseUnits, type Hash } from 'viem';
import { testUsdtAbi } from '../contracts-abi/abis.ts';
import { createChain } from '../server/src/platform/chain/chain.ts';
import { checkPayment } from '../server/src/platform/chain/payment-check.ts';
import { startLocalChain } from '../test-support/local-chain.ts';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 200);
const PORT = 8641;

const chain = await startLocalChain({ port: PORT });
try {
  const [, payer = '0x', , , , , , , , platform = '0x'] = chain.accounts;
  await chain.mintUsdt(payer, parseUnits('1000000', 6));
  const token: Hash[] = [];
  const eth: Hash[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    token.push(
      await chain.walletClient.writeContract({
        account: payer,
        address: chain.usdt,
        abi: testUsdtAbi,
        functionName: 'transfer',
        args: [platform, parseUnits('10', 6)],
      }),
    );
    eth.push(
      await chain.walletClient.sendTransaction({
        account: payer,
        to: platform,
        value: parseEther('0.01'),
      }),
    );
  }
  await chain.mine(12);
  const server = createChain({ CHAIN_RPC_URL: chain.rpcUrl, CHAIN_ID: chain.chainId });
  if (server === undefined) throw new Error('no chain client');

  for (const [label, hashes, tokenAddress, amount] of [
    ['USDT transfer', token, chain.usdt, parseUnits('10', 6)],
    ['ETH payment', eth, null, parseEther('0.01')],
  ] as const) {
    const started = performance.now();
    for (const hash of hashes) {
      const result = await checkPayment(server.client, {
        hash,
        recipient: platform,
        token: tokenAddress,
        amount,
        confirmations: 12,
      });
      if (result.kind !== 'paid') throw new Error(`${hash}: ${result.kind}`);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${label.padEnd(14)} ${String(hashes.length).padStart(5)} checks  ${(hashes.length / seconds).toFixed(0).padStart(6)} checks/s  ${((seconds * 1000) / hashes.length).toFixed(2)} ms each`,
    );
  }

  const blocks = Number(await chain.publicClient.getBlockNumber());
  let started = performance.now();
  const logs = await server.client.getLogs({
    address: chain.usdt,
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    args: { from: payer, to: platform },
    fromBlock: 0n,
  });
  console.info(
    `find (USDT logs over ${blocks} blocks): ${logs.length} transfers in ${(performance.now() - started).toFixed(0)} ms`,
  );
  started = performance.now();
  for (let n = 0; n < 200; n++) {
    await server.client.getBlock({ blockNumber: BigInt(blocks - n), includeTransactions: true });
  }
  console.info(`find (ETH scan of 200 blocks): ${(performance.now() - started).toFixed(0)} ms`);
} finally {
  await chain.stop();
}
