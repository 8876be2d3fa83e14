import { encodeFunctionData, serializeErc6492Signature, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import {
  testSmartWalletAbi,
  testSmartWalletBytecode,
  testSmartWalletFactoryAbi,
  testSmartWalletFactoryBytecode,
} from '../../contracts-abi/abis.ts';
import {
  LOCAL_CHAIN_ID,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const LOGIN = '/swx/customer/login';
const SITE = 'http://127.0.0.1:8080';
/** A fixed port no other suite or e2e spec uses (local-chain.test.ts picks a free one). */
const CHAIN_PORT = 8611;

interface Answer {
  status: number;
  code: number;
  result: unknown;
}
interface SignedIn {
  created: boolean;
  linked: boolean;
  userInfo: { id: number; username: string };
}

/**
 * Contract wallets (contracts/TestSmartWallet.sol, one owner) on a local Hardhat chain that the
 * server is configured with. The owner signs the SIWE message like an EOA; the wallet contract
 * says whether that signature is its own (ERC-1271), deployed or not yet (ERC-6492).
 */
describe('wallet sign-in with a smart-contract wallet (ERC-1271, ERC-6492)', () => {
  let chain: LocalChain;
  let factory: Address;
  /** CHAIN_RPC_URL is the local chain: contract wallets verify on chain 31337. */
  let onChain: TestServer;
  /** No chain configured, though 31337 is an accepted SIWE chain: signatures verify offline. */
  let offline: TestServer;

  beforeAll(async () => {
    chain = await startLocalChain({ port: CHAIN_PORT });
    // Deployed here, not by the harness: TestUSDT and CharityNFT keep their documented addresses.
    factory = await deployed(
      await chain.walletClient.deployContract({
        abi: testSmartWalletFactoryAbi,
        bytecode: testSmartWalletFactoryBytecode,
      }),
    );
    // One after the other: two starts at once on a busy machine can outrun Fastify's plugin timeout.
    const siteAndChains = { PUBLIC_URL: SITE, SIWE_CHAIN_IDS: `1,${LOCAL_CHAIN_ID}` };
    onChain = await startTestServer({
      ...siteAndChains,
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(LOCAL_CHAIN_ID),
    });
    offline = await startTestServer(siteAndChains);
    // A chain and two whole servers, one after the other: on a busy two-core machine this
    // outlasts the default minute.
  }, 180_000);
  afterAll(async () => {
    await Promise.all([onChain?.close(), offline?.close()]);
    await chain?.stop();
  });

  async function deployed(hash: Hex): Promise<Address> {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !receipt.contractAddress) {
      throw new Error(`deployment ${hash} failed`);
    }
    return receipt.contractAddress;
  }

  /** A TestSmartWallet of `owner`, deployed directly (not through the factory). */
  async function deployWallet(owner: PrivateKeyAccount): Promise<Address> {
    return deployed(
      await chain.walletClient.deployContract({
        abi: testSmartWalletAbi,
        bytecode: testSmartWalletBytecode,
        args: [owner.address],
      }),
    );
  }

  /** Where the factory would deploy `owner`'s wallet for `salt`, and the call that deploys it. */
  async function counterfactual(owner: PrivateKeyAccount, salt: Hex) {
    const address = await chain.publicClient.readContract({
      address: factory,
      abi: testSmartWalletFactoryAbi,
      functionName: 'addressOf',
      args: [owner.address, salt],
    });
    const deployData = encodeFunctionData({
      abi: testSmartWalletFactoryAbi,
      functionName: 'deploy',
      args: [owner.address, salt],
    });
    return { address, deployData };
  }

  /** A message the app would build for `address` on the local chain, with a fresh nonce. */
  async function message(server: TestServer, address: Address, chainId = LOCAL_CHAIN_ID) {
    const res = await server.call('POST', `${LOGIN}/nonce`, { body: { purpose: 'wallet' } });
    expect(res.code).toBe(200);
    return createSiweMessage({
      domain: '127.0.0.1:8080',
      address,
      statement: 'Sign in to Kestrel Markets.',
      uri: SITE,
      version: '1',
      chainId,
      nonce: (res.result as { nonce: string }).nonce,
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 5 * 60_000),
    });
  }

  async function post(server: TestServer, text: string, signature: Hex) {
    const res = await server.call('POST', `${LOGIN}/loginByDapp`, {
      body: { message: text, signature },
    });
    return res as Answer & { result: SignedIn };
  }

  async function rows(server: TestServer) {
    return {
      users: await server.count('users'),
      identities: await server.count('user_identities'),
    };
  }

  /** The wallet identity rows of `address`, as the server keys them. */
  async function identitiesOf(server: TestServer, address: Address) {
    return server.db.query<{ user_id: string }>(
      `select user_id::text from user_identities
       where provider = 'wallet' and issuer = 'eip155' and subject = $1`,
      [address.toLowerCase()],
    );
  }

  it('signs in a deployed ERC-1271 wallet by its owner, keyed by the wallet address', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const wallet = await deployWallet(owner);
    const before = await rows(onChain);

    const text = await message(onChain, wallet);
    const first = await post(onChain, text, await owner.signMessage({ message: text }));
    expect(first.code).toBe(200);
    expect(first.result.created).toBe(true);
    expect(first.result.userInfo.username).toBe(`w${wallet.slice(2, 12).toLowerCase()}`);
    expect(await rows(onChain)).toEqual({
      users: before.users + 1,
      identities: before.identities + 1,
    });
    expect(await identitiesOf(onChain, wallet)).toEqual([
      { user_id: String(first.result.userInfo.id) },
    ]);
    expect(await identitiesOf(onChain, owner.address)).toEqual([]);

    const again = await message(onChain, wallet);
    const second = await post(onChain, again, await owner.signMessage({ message: again }));
    expect(second.code).toBe(200);
    expect(second.result).toMatchObject({ created: false, linked: false });
    expect(second.result.userInfo.id).toBe(first.result.userInfo.id);
  });

  it('refuses a deployed wallet signed by another key (10142) and opens no account', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const wallet = await deployWallet(owner);
    const before = await rows(onChain);

    const text = await message(onChain, wallet);
    const forged = await post(onChain, text, await stranger.signMessage({ message: text }));
    expect(forged.code).toBe(Code.walletSignatureWrong);
    // The owner's own EOA signature is not the wallet's on a chain the server does not read.
    const elsewhere = await message(onChain, wallet, 1);
    const offChain = await post(
      onChain,
      elsewhere,
      await owner.signMessage({ message: elsewhere }),
    );
    expect(offChain.code).toBe(Code.walletSignatureWrong);

    expect(await rows(onChain)).toEqual(before);
    expect(await identitiesOf(onChain, wallet)).toEqual([]);
    // A refused signature leaves the nonce usable: the owner's signature still gets in.
    const res = await post(onChain, text, await owner.signMessage({ message: text }));
    expect(res.code).toBe(200);
  });

  it('signs in a counterfactual wallet with ERC-6492 and leaves it undeployed', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const stranger = privateKeyToAccount(generatePrivateKey());
    const salt = `0x${'6492'.padStart(64, '0')}` as const;
    const { address: wallet, deployData } = await counterfactual(owner, salt);
    expect(await chain.publicClient.getCode({ address: wallet })).toBeUndefined();
    const wrapped = async (signer: PrivateKeyAccount, text: string) =>
      serializeErc6492Signature({
        address: factory,
        data: deployData,
        signature: await signer.signMessage({ message: text }),
      });
    const before = await rows(onChain);

    const forgedText = await message(onChain, wallet);
    const forged = await post(onChain, forgedText, await wrapped(stranger, forgedText));
    expect(forged.code).toBe(Code.walletSignatureWrong);
    expect(await rows(onChain)).toEqual(before);

    const text = await message(onChain, wallet);
    const res = await post(onChain, text, await wrapped(owner, text));
    expect(res.code).toBe(200);
    expect(res.result.created).toBe(true);
    expect(await identitiesOf(onChain, wallet)).toHaveLength(1);
    // viem verifies in an eth_call: the factory ran in the simulation only.
    expect(await chain.publicClient.getCode({ address: wallet })).toBeUndefined();

    // Deployed later at the predicted address, the wallet signs plainly into the same account.
    await chain.publicClient.waitForTransactionReceipt({
      hash: await chain.walletClient.writeContract({
        address: factory,
        abi: testSmartWalletFactoryAbi,
        functionName: 'deploy',
        args: [owner.address, salt],
      }),
    });
    expect(await chain.publicClient.getCode({ address: wallet })).toMatch(/^0x[0-9a-f]{2,}$/);
    const later = await message(onChain, wallet);
    const plain = await post(onChain, later, await owner.signMessage({ message: later }));
    expect(plain.code).toBe(200);
    expect(plain.result).toMatchObject({ created: false });
    expect(plain.result.userInfo.id).toBe(res.result.userInfo.id);
  });

  it('refuses contract wallets (10142) when no chain is configured', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const wallet = await deployWallet(owner);
    const { address: undeployed, deployData } = await counterfactual(owner, `0x${'1'.repeat(64)}`);
    const before = await rows(offline);

    const text = await message(offline, wallet);
    const deployedWallet = await post(offline, text, await owner.signMessage({ message: text }));
    expect(deployedWallet.code).toBe(Code.walletSignatureWrong);

    const other = await message(offline, undeployed);
    const erc6492 = serializeErc6492Signature({
      address: factory,
      data: deployData,
      signature: await owner.signMessage({ message: other }),
    });
    expect((await post(offline, other, erc6492)).code).toBe(Code.walletSignatureWrong);

    expect(await rows(offline)).toEqual(before);
  });

  // Last: it stops the shared chain.
  it('answers 500, not a wrong signature, when the chain stops answering', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const wallet = await deployWallet(owner);
    const before = await rows(onChain);
    const text = await message(onChain, wallet);
    await chain.stop();

    const res = await post(onChain, text, await owner.signMessage({ message: text }));
    expect({ status: res.status, code: res.code }).toEqual({ status: 500, code: Code.systemError });
    expect(await rows(onChain)).toEqual(before);
  });
});
