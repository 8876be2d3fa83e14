import { mkdirSync, rmdirSync } from 'node:fs';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { testUsdtAbi } from '../../contracts-abi/abis.ts';
import { LOCAL_USDT_ADDRESS } from '../../test-support/local-chain.ts';
import { CHAIN_LOCK, E2E_CHAIN_URL } from './chain-env.ts';

const transport = http(E2E_CHAIN_URL, { retryCount: 1 });
export const chainPublic = createPublicClient({ chain: hardhat, transport, cacheTime: 0 });
const testClient = createTestClient({ mode: 'hardhat', chain: hardhat, transport });
/** Hardhat's account 0 is unlocked on the node: it deployed TestUSDT and alone may mint. */
const deployer = createWalletClient({
  chain: hardhat,
  transport,
  account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
});

export const mineBlocks = (blocks: number) => testClient.mine({ blocks });

/** A fresh key with 10 ETH for gas and `usdt` TestUSDT, for one test's wallet. */
export async function fundedKey(usdt: string): Promise<{ key: Hex; address: Address }> {
  const key = generatePrivateKey();
  const { address } = privateKeyToAccount(key);
  await testClient.setBalance({ address, value: parseEther('10') });
  const hash = await deployer.writeContract({
    address: LOCAL_USDT_ADDRESS,
    abi: testUsdtAbi,
    functionName: 'mint',
    args: [address, parseUnits(usdt, 6)],
  });
  await chainPublic.waitForTransactionReceipt({ hash });
  return { key, address };
}

/** A USDT payment to `to` (a person's deposit address) sent straight from `key`, outside the app. */
export async function payOutside(key: Hex, usdt: string, to: Address): Promise<Hex> {
  const wallet = createWalletClient({
    chain: hardhat,
    transport,
    account: privateKeyToAccount(key),
  });
  const hash = await wallet.writeContract({
    address: LOCAL_USDT_ADDRESS,
    abi: testUsdtAbi,
    functionName: 'transfer',
    args: [to, parseUnits(usdt, 6)],
  });
  await chainPublic.waitForTransactionReceipt({ hash });
  return hash;
}

/**
 * Runs `fn` with the chain to itself: both layouts' tests mine on the one node, and a test that
 * shows a deposit waiting for blocks must not see another test mine them meanwhile.
 */
export async function withChainToMyself<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(CHAIN_LOCK);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmdirSync(CHAIN_LOCK);
  }
}
