import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BaseError,
  ContractFunctionRevertedError,
  getContractAddress,
  isAddressEqual,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { charityNftAbi, erc721ReadAbi, testUsdtAbi } from '../../contracts-abi/abis.ts';
import {
  HARDHAT_ACCOUNT_KEYS,
  LOCAL_NFT_ADDRESS,
  LOCAL_USDT_ADDRESS,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';

/** A port nobody listens on right now: bind port 0, read what the kernel gave, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('no port'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** The custom error name a revert carried, as viem decodes it from the ABI. */
function revertName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
}

describe('local chain (hardhat node + TestUSDT + CharityNFT)', () => {
  let chain: LocalChain;

  beforeAll(async () => {
    chain = await startLocalChain({ port: await freePort() });
  });

  afterAll(async () => {
    await chain?.stop();
  });

  it('deploys both contracts from account 0 at the documented addresses', () => {
    expect(chain.chainId).toBe(31337);
    expect(chain.accounts).toHaveLength(20);
    expect(chain.deployer).toBe(chain.accounts[0]);
    expect(chain.usdt).toBe(LOCAL_USDT_ADDRESS);
    expect(chain.nft).toBe(LOCAL_NFT_ADDRESS);
    expect(getContractAddress({ from: chain.deployer, nonce: 0n })).toBe(LOCAL_USDT_ADDRESS);
    expect(getContractAddress({ from: chain.deployer, nonce: 1n })).toBe(LOCAL_NFT_ADDRESS);
    // The hard-coded keys sign for the node's first accounts.
    HARDHAT_ACCOUNT_KEYS.forEach((key, i) => {
      expect(privateKeyToAccount(key).address).toBe(chain.accounts[i]);
    });
  });

  it('TestUSDT has 6 decimals and the USDT symbol', async () => {
    const read = { address: chain.usdt, abi: testUsdtAbi } as const;
    const [decimals, symbol, name] = await Promise.all([
      chain.publicClient.readContract({ ...read, functionName: 'decimals' }),
      chain.publicClient.readContract({ ...read, functionName: 'symbol' }),
      chain.publicClient.readContract({ ...read, functionName: 'name' }),
    ]);
    expect(decimals).toBe(6);
    expect(symbol).toBe('USDT');
    expect(name).toBe('Tether USD (test)');
  });

  it('a USDT transfer moves the balance and leaves a readable Transfer log', async () => {
    const [, alice, bob] = chain.accounts;
    if (alice === undefined || bob === undefined) throw new Error('accounts missing');
    const balance = (account: `0x${string}`) =>
      chain.publicClient.readContract({
        address: chain.usdt,
        abi: testUsdtAbi,
        functionName: 'balanceOf',
        args: [account],
      });

    await chain.mintUsdt(alice, parseUnits('100', 6));
    const bobBefore = await balance(bob);

    // Sent by the node for its unlocked account...
    const hash = await chain.walletClient.writeContract({
      account: alice,
      address: chain.usdt,
      abi: testUsdtAbi,
      functionName: 'transfer',
      args: [bob, parseUnits('40.5', 6)],
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await balance(alice)).toBe(parseUnits('59.5', 6));
    expect(await balance(bob)).toBe(bobBefore + parseUnits('40.5', 6));

    const events = await chain.publicClient.getContractEvents({
      address: chain.usdt,
      abi: testUsdtAbi,
      eventName: 'Transfer',
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.transactionHash).toBe(hash);
    expect(events[0]?.args).toEqual({ from: alice, to: bob, value: parseUnits('40.5', 6) });

    // ...and signed here with a well-known key (what a wallet does).
    const bobKey = HARDHAT_ACCOUNT_KEYS[2];
    const back = await chain.walletClient.writeContract({
      account: privateKeyToAccount(bobKey),
      address: chain.usdt,
      abi: testUsdtAbi,
      functionName: 'transfer',
      args: [alice, parseUnits('0.5', 6)],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: back });
    expect(await balance(alice)).toBe(parseUnits('60', 6));
  });

  it('mining 5 blocks advances the block number by 5', async () => {
    const before = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    await chain.mine(5);
    expect(await chain.publicClient.getBlockNumber({ cacheTime: 0 })).toBe(before + 5n);
  });

  it('mints an NFT that ownerOf, tokenURI and Transfer logs report', async () => {
    const holder = chain.accounts[3];
    if (holder === undefined) throw new Error('accounts missing');
    const hash = await chain.mintNft(holder, 7n, 'ipfs://kestrel/7.json');
    const read = { address: chain.nft, abi: erc721ReadAbi } as const;
    const owner = await chain.publicClient.readContract({
      ...read,
      functionName: 'ownerOf',
      args: [7n],
    });
    expect(isAddressEqual(owner, holder)).toBe(true);
    expect(
      await chain.publicClient.readContract({ ...read, functionName: 'tokenURI', args: [7n] }),
    ).toBe('ipfs://kestrel/7.json');
    const receipt = await chain.publicClient.getTransactionReceipt({ hash });
    const logs = await chain.publicClient.getLogs({
      address: chain.nft,
      event: erc721ReadAbi[2],
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(logs.map((l) => l.args)).toEqual([
      { from: '0x0000000000000000000000000000000000000000', to: holder, tokenId: 7n },
    ]);

    const supports = (id: `0x${string}`) =>
      chain.publicClient.readContract({
        address: chain.nft,
        abi: charityNftAbi,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(await supports('0x01ffc9a7')).toBe(true); // ERC-165
    expect(await supports('0x80ac58cd')).toBe(true); // ERC-721
    expect(await supports('0x5b5e139f')).toBe(true); // ERC-721 Metadata
    expect(await supports('0xffffffff')).toBe(false); // ERC-165 requires false for this one
  });

  it('refuses a mint from anyone but the deployer', async () => {
    const intruder = chain.accounts[1];
    if (intruder === undefined) throw new Error('accounts missing');
    const supplyBefore = await chain.publicClient.readContract({
      address: chain.usdt,
      abi: testUsdtAbi,
      functionName: 'totalSupply',
    });

    const usdtMint = chain.walletClient.writeContract({
      account: intruder,
      address: chain.usdt,
      abi: testUsdtAbi,
      functionName: 'mint',
      args: [intruder, 1n],
    });
    expect(revertName(await usdtMint.catch((e: unknown) => e))).toBe('Unauthorized');

    const nftMint = chain.walletClient.writeContract({
      account: intruder,
      address: chain.nft,
      abi: charityNftAbi,
      functionName: 'mint',
      args: [intruder, 99n, 'ipfs://nope'],
    });
    expect(revertName(await nftMint.catch((e: unknown) => e))).toBe('Unauthorized');

    expect(
      await chain.publicClient.readContract({
        address: chain.usdt,
        abi: testUsdtAbi,
        functionName: 'totalSupply',
      }),
    ).toBe(supplyBefore);
    await expect(
      chain.publicClient.readContract({
        address: chain.nft,
        abi: charityNftAbi,
        functionName: 'ownerOf',
        args: [99n],
      }),
    ).rejects.toThrow(/ERC721NonexistentToken/);
  });
});
