/**
 * Per-person deposit addresses against a local Hardhat node and PGlite: how fast addresses are
 * derived and handed out (one at a time and 16 at once), and how long one sweep takes to find
 * payments to people's addresses among many, next to the baseline of the same run: checking one
 * declared payment's transaction (what a sweep did per deposit before addresses were personal).
 *
 *   npx tsx bench/deposit-discovery.ts      (BENCH_PEOPLE=2000, BENCH_PAID=100)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getAddress, parseEther, parseUnits, type Address, type Hash } from 'viem';
import { testUsdtAbi } from '../contracts-abi/abis.ts';
import { checkPayment } from '../server/src/platform/chain/payment-check.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { deriveAddress, developmentKeys } from '../server/src/funds/deposit-keys.ts';
import { createServer } from '../server/src/server.ts';
import { startLocalChain } from '../test-support/local-chain.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 2000);
const PAID = Number(process.env.BENCH_PAID ?? 100);
const PORT = 8651;

const chain = await startLocalChain({ port: PORT });
const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-bench-'));
try {
  const key = developmentKeys().get('ethereum');
  if (key === undefined) throw new Error('no development key');
  let started = performance.now();
  for (let i = 0; i < 1000; i++) deriveAddress(key, i);
  const deriveMs = (performance.now() - started) / 1000;
  console.info(`derive an address (BIP-32 child + keccak): ${deriveMs.toFixed(3)} ms each`);

  const server = await createServer(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PGLITE_STORAGE: 'memory',
      LOG_LEVEL: 'silent',
      APP_DIST: '',
      MARKET_FEED: 'off',
      MARKET_BACKFILL_DAYS: '1',
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      CHAIN_TOKENS: `USDT=${chain.usdt}`,
      DEPOSIT_CONFIRMATIONS: '1',
      CHAIN_POLL_MS: '600000',
      CHAIN_ETH_SCAN_BLOCKS: '2000',
    }),
  );
  const sweeper = server.modules.funds.chainDeposits;
  if (sweeper === undefined) throw new Error('no chain deposits');
  const ids: number[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const [row] = await server.db.query<{ id: number }>(
      `insert into users (username, email, password_hash, invite_code)
       values ($1, $2, 'not-a-hash', $3) returning id`,
      [`bench${i}`, `bench${i}@example.test`, `B${i}`.padStart(8, 'X')],
    );
    ids.push(Number(row?.id));
  }
  const addresses = server.modules.funds.depositAddresses;
  const half = Math.floor(PEOPLE / 2);
  started = performance.now();
  const byUser = new Map<number, string>();
  for (const id of ids.slice(0, half)) byUser.set(id, await addresses.addressOf(id, 'ethereum'));
  const oneAtATime = half / ((performance.now() - started) / 1000);
  started = performance.now();
  const rest = ids.slice(half);
  for (let i = 0; i < rest.length; i += 16) {
    const batch = rest.slice(i, i + 16);
    const got = await Promise.all(batch.map((id) => addresses.addressOf(id, 'ethereum')));
    batch.forEach((id, j) => byUser.set(id, got[j] ?? ''));
  }
  const sixteen = rest.length / ((performance.now() - started) / 1000);
  console.info(
    `hand out addresses (PGlite): ${oneAtATime.toFixed(0)}/s one at a time, ${sixteen.toFixed(0)}/s 16 at once; ${new Set(byUser.values()).size} distinct of ${PEOPLE}`,
  );

  // Baseline: the sweep's first pass over existing chain history, then PAID payments to
  // PAID different people (half USDT, half ETH) in blocks after it.
  await sweeper.sweep();
  const [, payer = '0x'] = chain.accounts;
  await chain.mintUsdt(payer, parseUnits('1000000', 6));
  const paid = [...byUser.values()].slice(0, PAID);
  const hashes: Hash[] = [];
  for (const [i, to] of paid.entries()) {
    hashes.push(
      i % 2 === 0
        ? await chain.walletClient.writeContract({
            account: payer,
            address: chain.usdt,
            abi: testUsdtAbi,
            functionName: 'transfer',
            args: [getAddress(to), parseUnits('25', 6)],
          })
        : await chain.walletClient.sendTransaction({
            account: payer,
            to: getAddress(to) as Address,
            value: parseEther('0.3'),
          }),
    );
  }
  await chain.mine(2);
  const blocks = Number(await chain.publicClient.getBlockNumber());

  started = performance.now();
  for (const [i, hash] of hashes.entries()) {
    const result = await checkPayment(server.chain?.client ?? chain.publicClient, {
      hash,
      recipient: getAddress(paid[i] ?? ''),
      token: i % 2 === 0 ? chain.usdt : null,
      amount: i % 2 === 0 ? parseUnits('25', 6) : parseEther('0.3'),
      confirmations: 1,
    });
    if (result.kind !== 'paid') throw new Error(`${hash}: ${result.kind}`);
  }
  const checkMs = (performance.now() - started) / hashes.length;
  console.info(
    `baseline: check one declared payment's transaction: ${checkMs.toFixed(2)} ms each (${(1000 / checkMs).toFixed(0)}/s)`,
  );

  started = performance.now();
  const found = await sweeper.discover();
  const discoverMs = performance.now() - started;
  console.info(
    `find payments by address: ${found} of ${PAID} payments to ${PEOPLE} watched addresses over ${PAID + 2} new blocks (chain at ${blocks}) in ${discoverMs.toFixed(0)} ms, ${(discoverMs / Math.max(found, 1)).toFixed(2)} ms per payment found`,
  );
  started = performance.now();
  await sweeper.sweep();
  const [credited] = await server.db.query<{ n: number }>(
    "select count(*)::int as n from deposits where status = 'approved' and source = 'found'",
  );
  console.info(
    `sweep that confirms and credits them: ${credited?.n ?? 0} credited in ${(performance.now() - started).toFixed(0)} ms`,
  );
  await server.close();
} finally {
  await chain.stop();
  await rm(dataDir, { recursive: true, force: true });
}
