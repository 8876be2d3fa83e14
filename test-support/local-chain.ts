/**
 * A real local EVM chain for tests and development: a fresh Hardhat 2 node (chain id 31337, 20
 * unlocked accounts with 10,000 ETH each) with TestUSDT and CharityNFT deployed from account 0.
 *
 * Used from Vitest (server/test) and Playwright (e2e), and by `npm run chain` for development.
 * The node answers `eth_sendTransaction` and `personal_sign` for its accounts itself, so clients
 * here send from an account by address; `HARDHAT_ACCOUNT_KEYS` is there to sign locally instead.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  isAddressEqual,
  type Address,
  type Hash,
  type HttpTransport,
  type JsonRpcAccount,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem';
import { hardhat } from 'viem/chains';
import {
  charityNftAbi,
  charityNftBytecode,
  testUsdtAbi,
  testUsdtBytecode,
} from '../contracts-abi/abis.ts';

export const LOCAL_CHAIN_ID = 31337;

/**
 * Where the two contracts land on a fresh node: CREATE addresses depend only on the sender
 * (account 0) and its nonce (0, then 1), so a server config can name them before the chain runs.
 * `startLocalChain` checks them after every deployment.
 */
export const LOCAL_USDT_ADDRESS: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const LOCAL_NFT_ADDRESS: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

/**
 * Private keys of Hardhat's first five default accounts (mnemonic "test test ... junk",
 * m/44'/60'/0'/0/i), as `hardhat node` prints them. Publicly known test keys: never use them on a
 * real network. Index i signs for `accounts[i]`.
 */
export const HARDHAT_ACCOUNT_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
] as const satisfies readonly `0x${string}`[];

export type LocalPublicClient = PublicClient<HttpTransport, typeof hardhat>;
export type LocalWalletClient = WalletClient<HttpTransport, typeof hardhat, JsonRpcAccount>;
export type LocalTestClient = TestClient<'hardhat', HttpTransport, typeof hardhat>;

export interface LocalChain {
  rpcUrl: string;
  chainId: typeof LOCAL_CHAIN_ID;
  /** The node's 20 unlocked accounts (checksummed), in `eth_accounts` order. */
  accounts: readonly Address[];
  /** accounts[0]: deployed both contracts, the only one allowed to mint. */
  deployer: Address;
  usdt: Address;
  nft: Address;
  publicClient: LocalPublicClient;
  /** Sends as the deployer by default; pass `account: chain.accounts[i]` to send as another. */
  walletClient: LocalWalletClient;
  /** Hardhat test actions (snapshot/revert, setBalance, impersonation...). */
  testClient: LocalTestClient;
  /** Mines `blocks` empty blocks at once (`hardhat_mine`). */
  mine(blocks: number): Promise<void>;
  /** Mints `amount` USDT base units (6 decimals) to `to`; resolves once mined. */
  mintUsdt(to: Address, amount: bigint): Promise<Hash>;
  /** Mints NFT `tokenId` with metadata `uri` to `to`; resolves once mined. */
  mintNft(to: Address, tokenId: bigint, uri: string): Promise<Hash>;
  /** The node's last output lines (it logs every RPC method it is asked), for failure messages. */
  output(): string;
  /** Stops the node (its whole process group) and resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
}

/**
 * One retry, not viem's three: Hardhat answers a reverted eth_call with JSON-RPC code -32603,
 * which three retries with backoff would repeat for about a second before reporting the revert.
 * One is still needed: the node closes an idle keep-alive connection (after the seconds a test
 * server takes to start) and the next request on it fails with "other side closed".
 */
const LOCAL_HTTP = { retryCount: 1 } as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const KEPT_LINES = 40;
/** Printed by `hardhat node` once its server listens: proves that the node answering is ours. */
const READY_LINE = 'Started HTTP and WebSocket JSON-RPC server at';
// The node colours its log whatever NO_COLOR says; error messages read better without.
// eslint-disable-next-line no-control-regex
const ANSI_COLOURS = /\x1b\[[0-9;]*m/g;

/** Hardhat's CLI entry, from its package.json (`bin.hardhat`), not a guessed path. */
function hardhatCli(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('hardhat/package.json');
  const manifest = require(manifestPath) as { bin: { hardhat: string } };
  return path.join(path.dirname(manifestPath), manifest.bin.hardhat);
}

export async function startLocalChain(options: {
  port: number;
  /**
   * Off when a supervisor ends this process by killing its process group (Playwright's web
   * servers): the node must be in that group to go with it.
   */
  ownProcessGroup?: boolean;
}): Promise<LocalChain> {
  const ownGroup = options.ownProcessGroup ?? true;
  const rpcUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    [
      hardhatCli(),
      'node',
      '--port',
      String(options.port),
      '--hostname',
      '127.0.0.1',
      '--config',
      'hardhat.config.cjs',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
      // Its own process group, so stop() (and our exit) can end the node and anything it spawns.
      detached: ownGroup,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );

  // Always drain both pipes: the node logs every request, and a full pipe would block it.
  const lines: string[] = [];
  let started = false;
  const reader = () => {
    let partial = ''; // a chunk may end mid-line
    return (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) {
        const line = part.replace(ANSI_COLOURS, '').trimEnd();
        if (line === '') continue;
        if (line.includes(READY_LINE)) started = true;
        lines.push(line);
        if (lines.length > KEPT_LINES) lines.shift();
      }
    };
  };
  child.stdout.setEncoding('utf8').on('data', reader());
  child.stderr.setEncoding('utf8').on('data', reader());
  const output = () => lines.join('\n');

  let spawnFailed = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      // Only a failed spawn (no process to wait for) or a failed kill land here.
      lines.push(`spawn: ${error.message}`);
      if (child.pid === undefined) {
        spawnFailed = true;
        resolve();
      }
    });
  });
  const hasExited = () => spawnFailed || child.exitCode !== null || child.signalCode !== null;
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || hasExited()) return;
    try {
      if (ownGroup) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  // A test runner that exits without afterAll must not leave a node holding the port.
  const killOnExit = () => killGroup('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit);
      killGroup('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
      });
      if ((await Promise.race([exited, late])) === 'late') {
        killGroup('SIGKILL');
        await exited;
      }
      clearTimeout(timer);
    })();
    return stopping;
  };

  try {
    await waitUntilReady(rpcUrl, () => started, hasExited, output);

    const publicClient: LocalPublicClient = createPublicClient({
      chain: hardhat,
      transport: http(rpcUrl, LOCAL_HTTP),
      pollingInterval: 50, // the node mines on every transaction: receipts are there at once
    });
    const testClient: LocalTestClient = createTestClient({
      mode: 'hardhat',
      chain: hardhat,
      transport: http(rpcUrl, LOCAL_HTTP),
    });
    // eth_accounts through a wallet client: viem returns them checksummed.
    const accounts = await createWalletClient({
      chain: hardhat,
      transport: http(rpcUrl, LOCAL_HTTP),
    })
      .getAddresses()
      .then((list) => list.map((a) => getAddress(a)));
    const deployer = accounts[0];
    if (deployer === undefined) throw new Error(`hardhat node at ${rpcUrl} has no accounts`);
    const walletClient: LocalWalletClient = createWalletClient({
      account: deployer,
      chain: hardhat,
      transport: http(rpcUrl, LOCAL_HTTP),
      pollingInterval: 50,
    });

    const mined = async (hash: Hash, what: string) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash})`);
      return receipt;
    };

    // Sent one after the other so they take nonces 0 and 1; the node mines each on arrival.
    const usdtHash = await walletClient.deployContract({
      abi: testUsdtAbi,
      bytecode: testUsdtBytecode,
    });
    const nftHash = await walletClient.deployContract({
      abi: charityNftAbi,
      bytecode: charityNftBytecode,
    });
    const usdt = (await mined(usdtHash, 'TestUSDT deployment')).contractAddress;
    const nft = (await mined(nftHash, 'CharityNFT deployment')).contractAddress;
    for (const [name, actual, expected] of [
      ['TestUSDT', usdt, LOCAL_USDT_ADDRESS],
      ['CharityNFT', nft, LOCAL_NFT_ADDRESS],
    ] as const) {
      if (actual == null || !isAddressEqual(actual, expected)) {
        throw new Error(`${name} deployed at ${actual}, expected ${expected}: not a fresh node?`);
      }
    }

    return {
      rpcUrl,
      chainId: LOCAL_CHAIN_ID,
      accounts,
      deployer,
      usdt: LOCAL_USDT_ADDRESS,
      nft: LOCAL_NFT_ADDRESS,
      publicClient,
      walletClient,
      testClient,
      mine: (blocks) => testClient.mine({ blocks }),
      mintUsdt: async (to, amount) => {
        const hash = await walletClient.writeContract({
          address: LOCAL_USDT_ADDRESS,
          abi: testUsdtAbi,
          functionName: 'mint',
          args: [to, amount],
        });
        await mined(hash, 'USDT mint');
        return hash;
      },
      mintNft: async (to, tokenId, uri) => {
        const hash = await walletClient.writeContract({
          address: LOCAL_NFT_ADDRESS,
          abi: charityNftAbi,
          functionName: 'mint',
          args: [to, tokenId, uri],
        });
        await mined(hash, 'NFT mint');
        return hash;
      },
      output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Resolves once our node printed its ready line and answers eth_chainId with 31337. */
async function waitUntilReady(
  rpcUrl: string,
  started: () => boolean,
  hasExited: () => boolean,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited()) {
      throw new Error(
        `hardhat node exited before answering on ${rpcUrl}; last output:\n${output()}`,
      );
    }
    if (started()) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          signal: AbortSignal.timeout(2_000),
        });
        const body = (await response.json()) as { result?: string };
        if (body.result !== undefined && Number(body.result) === LOCAL_CHAIN_ID) return;
        lastProblem = `eth_chainId answered ${JSON.stringify(body)}`;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `hardhat node did not answer eth_chainId ${LOCAL_CHAIN_ID} on ${rpcUrl} within ` +
      `${READY_TIMEOUT_MS / 1000} s (${lastProblem}); last output:\n${output()}`,
  );
}
