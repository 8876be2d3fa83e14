import { randomBytes } from 'node:crypto';
import { parseEther, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import type {
  ChainTransfer,
  Deposit,
  DepositAddress,
  FundingOption,
} from '../../contract/funds/schemas.ts';
import { testUsdtAbi, testUsdtBytecode } from '../../contracts-abi/abis.ts';
import {
  HARDHAT_ACCOUNT_KEYS,
  LOCAL_CHAIN_ID,
  startLocalChain,
  type LocalChain,
} from '../../test-support/local-chain.ts';
import { registerByEmail } from './helpers/accounts.ts';
import { ADMIN, REAL, requestKey, staffSession, txHash, USER } from './helpers/funds.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/** A port of its own: other suites run their chains at the same time. */
const CHAIN_PORT = 8631;
const CONFIRMATIONS = 3;
const SITE = 'http://127.0.0.1:8080';
const usdt = (whole: number) => BigInt(whole) * 10n ** 6n;

let chain: LocalChain;
/** Hardhat's accounts 1 and 2: the payer (whose key signs in) and a stranger. */
let payer: Address;
let stranger: Address;
let otherToken: Address;

beforeAll(async () => {
  chain = await startLocalChain({ port: CHAIN_PORT });
  [, payer = '0x', stranger = '0x'] = chain.accounts;
  // A second token with the same code, at another address: "of another token".
  const deployed = await chain.walletClient.deployContract({
    abi: testUsdtAbi,
    bytecode: testUsdtBytecode,
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: deployed });
  otherToken = receipt.contractAddress ?? '0x';
  await chain.mintUsdt(payer, usdt(100_000));
  await chain.mintUsdt(stranger, usdt(100_000));
  await chain.walletClient.writeContract({
    address: otherToken,
    abi: testUsdtAbi,
    functionName: 'mint',
    args: [payer, usdt(1_000)],
  });
}, 120_000);
afterAll(async () => {
  await chain?.stop();
});

async function payUsdt(amount: bigint, to: Address, from = payer, token = chain.usdt) {
  const hash = await chain.walletClient.writeContract({
    account: from,
    address: token,
    abi: testUsdtAbi,
    functionName: 'transfer',
    args: [to, amount],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

async function payEth(value: bigint, to: Address, from = payer) {
  const hash = await chain.walletClient.sendTransaction({ account: from, to, value });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

/** Calls on one server, as one of its people. */
function client(server: () => TestServer) {
  return {
    async person() {
      return (await registerByEmail(server())).token;
    },
    async address(token: string, asset = 'USDT', network = 'ethereum') {
      const res = await server().call('POST', `${USER}/depositAddress`, {
        token,
        headers: REAL,
        body: { asset, network },
      });
      return { code: res.code, result: res.result as DepositAddress };
    },
    async declare(token: string, hash: string, amount: string, asset = 'USDT') {
      const res = await server().call('POST', `${USER}/recharge`, {
        token,
        headers: REAL,
        body: { key: requestKey(), asset, network: 'ethereum', amount, txHash: hash },
      });
      return { code: res.code, deposit: res.result as Deposit };
    },
    async balance(token: string, asset = 'USDT'): Promise<string> {
      const res = await server().call('GET', `${USER}/listBalance`, { token, headers: REAL });
      const list = (res.result as { assets: { asset: string; available: string }[] }).assets;
      return list.find((a) => a.asset === asset)?.available ?? 'none';
    },
    async records(token: string): Promise<Deposit[]> {
      const res = await server().call('GET', `${USER}/listRecharge?size=100`, { token });
      return (res.result as { list: Deposit[] }).list;
    },
    async find(token: string, query: string) {
      const res = await server().call('GET', `${USER}/findChainTransfers?${query}`, { token });
      return { code: res.code, list: (res.result as { list: ChainTransfer[] } | null)?.list };
    },
    async sweep() {
      await server().modules.funds.chainDeposits?.sweep();
    },
    async credits(depositIds: number[]): Promise<number> {
      const [row] = await server().db.query<{ n: number }>(
        'select count(*)::int as n from ledger_transfers where reference = any($1::text[])',
        [depositIds.map((id) => `deposit:${id}`)],
      );
      return row?.n ?? 0;
    },
  };
}

function chainEnv(extra: Record<string, string>): Record<string, string> {
  return {
    PUBLIC_URL: SITE,
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(LOCAL_CHAIN_ID),
    CHAIN_TOKENS: `USDT=${chain.usdt}`,
    DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
    SIWE_CHAIN_IDS: `1,${LOCAL_CHAIN_ID}`,
    // The tests sweep themselves, at the moments they choose.
    CHAIN_POLL_MS: '600000',
    ...extra,
  };
}

describe('per-person deposit addresses on a local chain', () => {
  let server: TestServer;
  const c = client(() => server);
  let reviewer: string;

  beforeAll(async () => {
    // Neither keys nor shared addresses configured outside production: the development keys.
    server = await startTestServer(chainEnv({}));
    reviewer = (await staffSession(server, 'reviewer')).token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A new person and their own USDT address on the chain. */
  async function personWithAddress() {
    const token = await c.person();
    const { code, result } = await c.address(token);
    expect(code).toBe(200);
    expect(result.personal).toBe(true);
    return { token, address: result.address as Address };
  }

  it('offers personal deposits on the chain, with no shared or placeholder address', async () => {
    const res = await server.call('GET', `${USER}/listFundingOptions`);
    const options = (res.result as { options: FundingOption[] }).options;
    const usdtEth = options.find((o) => o.asset === 'USDT' && o.network === 'ethereum');
    expect(usdtEth).toMatchObject({
      deposit: 'personal',
      depositAddress: null,
      onChain: { chainId: LOCAL_CHAIN_ID, token: chain.usdt, decimals: 6 },
    });
    expect(options.find((o) => o.asset === 'ETH')?.onChain?.token).toBeNull();
    expect(options.find((o) => o.asset === 'USDC')?.onChain).toBeNull(); // no USDC contract
    expect(JSON.stringify(options)).not.toMatch(
      /dead|BitcoinEater|T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb/i,
    );
  });

  it("gives each person one address of their own per network, never another person's", async () => {
    const people: string[] = [];
    for (let i = 0; i < 12; i++) people.push(await c.person());
    // Everyone asks at once, several times each: first requests race for the next index.
    const answers = await Promise.all(
      people.flatMap((token) => Array.from({ length: 3 }, () => c.address(token))),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const byPerson = people.map(
      (_, i) => new Set(answers.slice(i * 3, i * 3 + 3).map((a) => a.result.address)),
    );
    expect(byPerson.every((s) => s.size === 1)).toBe(true);
    const all = byPerson.map((s) => [...s][0]);
    expect(new Set(all).size).toBe(people.length);
    // The same address for every coin of the network; another network has its own.
    const [first] = people;
    if (first === undefined) throw new Error('no person');
    expect((await c.address(first, 'ETH')).result.address).toBe(all[0]);
    const tron = await c.address(first, 'USDT', 'tron');
    expect(tron.result.address).toMatch(/^T/);
    const btc = await c.address(first, 'BTC', 'bitcoin');
    expect(btc.result.address).toMatch(/^bc1q/);
    const indexes = await server.db.query<{ n: number; distinct_n: number }>(
      `select count(*)::int as n, count(distinct derivation_index)::int as distinct_n
         from deposit_addresses where network = 'ethereum'`,
    );
    expect(indexes[0]?.n).toBe(indexes[0]?.distinct_n);
    // Demo book, other people's calls and bad input.
    const demo = await server.call('POST', `${USER}/depositAddress`, {
      token: first,
      body: { asset: 'USDT', network: 'ethereum' },
    });
    expect(demo.code).toBe(Code.realBookOnly);
    const anonymous = await server.call('POST', `${USER}/depositAddress`, {
      headers: REAL,
      body: { asset: 'USDT', network: 'ethereum' },
    });
    expect(anonymous.status).toBe(401);
    expect((await c.address(first, 'DOGE')).code).toBe(Code.assetWrong);
    expect((await c.address(first, 'BTC', 'ethereum')).code).toBe(Code.assetWrong);
  });

  it("credits a payment to the person's address by itself, once confirmed, with no form", async () => {
    const { token, address } = await personWithAddress();
    await payUsdt(usdt(250), address);
    await c.sweep();
    const [found] = await c.records(token);
    expect(found).toMatchObject({
      source: 'found',
      amount: '250',
      status: 'pending',
      chainCheck: 'confirming',
      depositAddress: address.toLowerCase(),
    });
    expect(await c.balance(token)).toBe('0');
    await chain.mine(CONFIRMATIONS);
    await c.sweep();
    await c.sweep();
    const records = await c.records(token);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      status: 'approved',
      chainCheck: 'verified',
      fromAddress: payer.toLowerCase(),
    });
    expect(await c.balance(token)).toBe('250');
    expect(await c.credits([records[0]?.id ?? 0])).toBe(1);
  });

  it("credits ETH sent to the person's address, and records a payment below the minimum without crediting it", async () => {
    const { token, address } = await personWithAddress();
    await payEth(parseEther('0.25'), address);
    await payEth(parseEther('0.01'), address);
    await chain.mine(CONFIRMATIONS);
    await c.sweep();
    await c.sweep();
    const records = await c.records(token);
    expect(records.map((r) => [r.amount, r.status, r.chainCheck, r.checkCode]).sort()).toEqual([
      ['0.01', 'pending', 'review', Code.belowMinimumDeposit],
      ['0.25', 'approved', 'verified', null],
    ]);
    expect(await c.balance(token, 'ETH')).toBe('0.25');
  });

  it("a declaration of the payer's own payment only speeds it up: one record, one credit", async () => {
    const { token, address } = await personWithAddress();
    const hash = await payUsdt(usdt(40), address);
    await chain.mine(CONFIRMATIONS);
    const declared = await c.declare(token, hash, '40');
    expect(declared.code).toBe(200);
    expect(declared.deposit).toMatchObject({ source: 'declared', status: 'approved' });
    await c.sweep();
    expect(await c.records(token)).toHaveLength(1);
    // Declared again after the sweep found it first: the found record comes back.
    const { address: second, token: other } = await personWithAddress();
    const hash2 = await payUsdt(usdt(41), second);
    await c.sweep();
    const again = await c.declare(other, hash2, '41');
    expect(again.code).toBe(200);
    expect(again.deposit.source).toBe('found');
    await chain.mine(CONFIRMATIONS);
    await c.sweep();
    expect(await c.balance(token)).toBe('40');
    expect(await c.balance(other)).toBe('41');
  });

  it('the sweep and declarations racing for one payment credit it once', async () => {
    const { token, address } = await personWithAddress();
    const hash = await payUsdt(usdt(33), address);
    await chain.mine(CONFIRMATIONS);
    const outcomes = await Promise.allSettled([
      c.declare(token, hash, '33'),
      c.sweep(),
      c.declare(token, hash, '33'),
      server.modules.funds.chainDeposits?.discover(),
      c.declare(token, hash, '33'),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    await c.sweep();
    const records = await c.records(token);
    expect(records).toHaveLength(1);
    expect(records[0]?.status).toBe('approved');
    expect(await c.balance(token)).toBe('33');
    expect(await c.credits([records[0]?.id ?? 0])).toBe(1);
  });

  it("someone declaring another person's payment gets no credit, and the payer is credited once", async () => {
    const alice = await personWithAddress();
    const mallory = await personWithAddress();
    const hash = await payUsdt(usdt(500), alice.address);
    await chain.mine(CONFIRMATIONS);
    // Mallory is first: the public hash paid Alice's address, not hers.
    const stolen = await c.declare(mallory.token, hash, '500');
    expect(stolen.code).toBe(200);
    expect(stolen.deposit).toMatchObject({
      status: 'pending',
      chainCheck: 'review',
      checkCode: Code.depositWrongRecipient,
    });
    expect(await c.balance(mallory.token)).toBe('0');
    // Alice needs no form, and may still declare: not refused as "already submitted".
    await c.sweep();
    await c.sweep();
    expect(await c.balance(alice.token)).toBe('500');
    const mine = await c.declare(alice.token, hash, '500');
    expect(mine.code).toBe(200);
    expect(mine.deposit.status).toBe('approved');
    expect(await c.balance(alice.token)).toBe('500');
    expect(await c.balance(mallory.token)).toBe('0');
    const credits = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where reference in
         (select 'deposit:' || id from deposits where tx_hash = $1)`,
      [hash.toLowerCase()],
    );
    expect(credits[0]?.n).toBe(1);
  });

  describe('sends to staff review with the reason, and credits nothing', () => {
    async function expectReview(
      token: string,
      hash: Hash | string,
      amount: string,
      code: number,
      asset = 'USDT',
    ) {
      await chain.mine(CONFIRMATIONS);
      const res = await c.declare(token, hash, amount, asset);
      expect(res.code).toBe(200);
      expect(res.deposit).toMatchObject({
        status: 'pending',
        chainCheck: 'review',
        checkCode: code,
      });
      expect(await c.balance(token, asset)).toBe('0');
      return res.deposit;
    }

    it('a transaction that failed on chain (10146)', async () => {
      const { token, address } = await personWithAddress();
      // Mined but reverted: only the deployer may mint.
      await chain.testClient.setAutomine(false);
      const hash = await chain.walletClient.writeContract({
        account: payer,
        address: chain.usdt,
        abi: testUsdtAbi,
        functionName: 'mint',
        args: [address, usdt(500)],
        gas: 100_000n,
      });
      await chain.mine(1);
      await chain.testClient.setAutomine(true);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash });
      expect(receipt.status).toBe('reverted');
      await expectReview(token, hash, '500', Code.depositTxFailed);
    });

    it('a payment to another address (10147)', async () => {
      const { token } = await personWithAddress();
      await expectReview(
        token,
        await payUsdt(usdt(30), stranger),
        '30',
        Code.depositWrongRecipient,
      );
      await expectReview(
        token,
        await payEth(parseEther('0.3'), stranger),
        '0.3',
        Code.depositWrongRecipient,
        'ETH',
      );
    });

    it('a payment in another token (10148)', async () => {
      const { token, address } = await personWithAddress();
      const hash = await payUsdt(usdt(30), address, payer, otherToken);
      await expectReview(token, hash, '30', Code.depositWrongAsset);
    });

    it('a payment smaller than declared (10149): approval credits what arrived', async () => {
      const { token, address } = await personWithAddress();
      const hash = await payUsdt(usdt(20), address);
      const deposit = await expectReview(token, hash, '50', Code.depositAmountDiffers);
      expect(deposit.chainAmount).toBe('20');
      const approved = await server.call('POST', `${ADMIN}/reviewDeposit`, {
        token: reviewer,
        body: { id: deposit.id, decision: 'approve' },
      });
      expect(approved.code).toBe(200);
      expect(await c.balance(token)).toBe('20');
      // The sweep, finding the same payment later, records no second claim.
      await c.sweep();
      expect(await c.records(token)).toHaveLength(1);
    });

    it('a transaction never confirmed in time (10150)', async () => {
      const { token } = await personWithAddress();
      const { deposit } = await c.declare(token, txHash(), '60');
      expect(deposit).toMatchObject({ chainCheck: 'confirming', confirmations: 0 });
      await server.db.query(
        `update deposits set check_until = now() - interval '1 second' where id = $1`,
        [deposit.id],
      );
      await c.sweep();
      const [row] = await c.records(token);
      expect(row).toMatchObject({
        status: 'pending',
        chainCheck: 'review',
        checkCode: Code.depositNotConfirmed,
      });
      expect(await c.balance(token)).toBe('0');
    });
  });

  it('refuses a hash the person already declared, or one already credited (10130)', async () => {
    const { token, address } = await personWithAddress();
    const hash = await payUsdt(usdt(15), address);
    await chain.mine(CONFIRMATIONS);
    expect((await c.declare(token, hash, '15')).code).toBe(200);
    expect((await c.declare(token, hash, '15')).code).toBe(Code.txHashUsed);
    expect((await c.declare(token, hash.toUpperCase().replace('0X', '0x'), '15')).code).toBe(
      Code.txHashUsed,
    );
    expect(await c.balance(token)).toBe('15');
  });

  it('"find my transfer" lists payments to the person\'s own address only', async () => {
    const { token, address } = await personWithAddress();
    const older = await payUsdt(usdt(11), address);
    const newer = await payUsdt(usdt(12), address, stranger);
    await payUsdt(usdt(13), stranger); // someone else's payment, elsewhere
    await c.declare(token, older, '11');
    const { code, list = [] } = await c.find(token, 'asset=USDT');
    expect(code).toBe(200);
    expect(list.map((t) => [t.txHash, t.amount, t.used])).toEqual([
      [newer.toLowerCase(), '12', false],
      [older.toLowerCase(), '11', true],
    ]);
    const eth = await payEth(parseEther('0.2'), address);
    const ethList = await c.find(token, 'asset=ETH');
    expect(ethList.list?.[0]?.txHash).toBe(eth.toLowerCase());
    // Someone else sees none of it, whatever `from` they name.
    const other = await c.person();
    await c.address(other);
    expect((await c.find(other, `asset=USDT&from=${payer}`)).list).toEqual([]);
    for (const bad of ['asset=USDT&from=0x12', 'asset=DOGE', 'asset=USDC']) {
      expect((await c.find(token, bad)).code, bad).not.toBe(200);
    }
    const anonymous = await server.call('GET', `${USER}/findChainTransfers?asset=USDT`);
    expect(anonymous.status).toBe(401);
  });
});

describe('a shared deposit address on a local chain', () => {
  let server: TestServer;
  const c = client(() => server);
  let shared: Address;
  let reviewer: string;

  beforeAll(async () => {
    shared = chain.accounts[9] ?? '0x';
    server = await startTestServer(
      chainEnv({ DEPOSIT_ADDRESSES: `USDT:ethereum=${shared},ETH:ethereum=${shared}` }),
    );
    reviewer = (await staffSession(server, 'reviewer')).token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Signs in with the payer's wallet (SIWE): an account whose linked wallet is the payer. */
  async function payerAccount(): Promise<string> {
    const wallet = privateKeyToAccount(HARDHAT_ACCOUNT_KEYS[1]);
    expect(wallet.address).toBe(payer);
    const nonce = await server.call('POST', '/swx/customer/login/nonce', {
      body: { purpose: 'wallet' },
    });
    const message = createSiweMessage({
      domain: '127.0.0.1:8080',
      address: wallet.address,
      statement: 'Sign in to Kestrel Markets.',
      uri: SITE,
      version: '1',
      chainId: LOCAL_CHAIN_ID,
      nonce: (nonce.result as { nonce: string }).nonce,
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + 5 * 60_000),
    });
    const signature = await wallet.signMessage({ message });
    const res = await server.call('POST', '/swx/customer/login/loginByDapp', {
      body: { message, signature },
    });
    expect(res.code).toBe(200);
    return (res.result as { token: string }).token;
  }

  it('shows the shared address, and credits a payment from a linked wallet', async () => {
    const options = (await server.call('GET', `${USER}/listFundingOptions`)).result as {
      options: FundingOption[];
    };
    expect(
      options.options.find((o) => o.asset === 'USDT' && o.network === 'ethereum'),
    ).toMatchObject({ deposit: 'shared', depositAddress: shared });
    // Tron, Bitcoin and USDC have no address configured: not offered, and refused.
    for (const o of options.options.filter((o) => o.network !== 'ethereum' || o.asset === 'USDC')) {
      expect(o).toMatchObject({ deposit: 'none', depositAddress: null });
    }
    const token = await payerAccount();
    expect((await c.address(token, 'BTC', 'bitcoin')).code).toBe(Code.depositUnavailable);
    const { result } = await c.address(token);
    expect(result).toMatchObject({ address: shared, personal: false });

    const hash = await payUsdt(usdt(70), shared);
    await chain.mine(CONFIRMATIONS);
    const declared = await c.declare(token, hash, '70');
    expect(declared.deposit).toMatchObject({ status: 'approved', chainCheck: 'verified' });
    expect(await c.balance(token)).toBe('70');
  });

  it('sends a payment from a wallet not linked to the declaring account to staff, and lets the real payer claim it', async () => {
    const hash = await payUsdt(usdt(90), shared);
    await chain.mine(CONFIRMATIONS);
    const mallory = await c.person();
    const stolen = await c.declare(mallory, hash, '90');
    expect(stolen.code).toBe(200);
    expect(stolen.deposit).toMatchObject({
      status: 'pending',
      chainCheck: 'review',
      checkCode: Code.depositSenderNotLinked,
      fromAddress: payer.toLowerCase(),
    });
    expect(await c.balance(mallory)).toBe('0');
    // The payer, signed in with the paying wallet, is credited: not refused as already used.
    const token = await payerAccount();
    const before = await c.balance(token);
    const mine = await c.declare(token, hash, '90');
    expect(mine.deposit).toMatchObject({ status: 'approved', chainCheck: 'verified' });
    expect(Number(await c.balance(token)) - Number(before)).toBe(90);
    // Staff approving Mallory's claim afterwards: one credit per payment.
    const approve = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: reviewer,
      body: { id: stolen.deposit.id, decision: 'approve' },
    });
    expect(approve.code).toBe(Code.txHashUsed);
    expect(await c.balance(mallory)).toBe('0');
  });

  it('staff crediting the first claim leaves the second to review, not a second credit', async () => {
    const hash = await payUsdt(usdt(25), shared, stranger);
    await chain.mine(CONFIRMATIONS);
    const first = await c.person();
    const second = await c.person();
    const a = await c.declare(first, hash, '25');
    const b = await c.declare(second, hash, '25');
    expect([a.deposit.checkCode, b.deposit.checkCode]).toEqual([
      Code.depositSenderNotLinked,
      Code.depositSenderNotLinked,
    ]);
    const approvals = await Promise.all(
      [a, b].map((d) =>
        server.call('POST', `${ADMIN}/reviewDeposit`, {
          token: reviewer,
          body: { id: d.deposit.id, decision: 'approve' },
        }),
      ),
    );
    expect(approvals.map((r) => r.code).sort((x, y) => x - y)).toEqual([200, Code.txHashUsed]);
    const total = Number(await c.balance(first)) + Number(await c.balance(second));
    expect(total).toBe(25);
  });

  it('"find my transfer" reads only the person\'s linked wallets', async () => {
    const hash = await payUsdt(usdt(12), shared);
    const token = await payerAccount();
    const mine = await c.find(token, `asset=USDT&from=${payer}`);
    expect(mine.code).toBe(200);
    expect(mine.list?.[0]).toMatchObject({ txHash: hash.toLowerCase(), amount: '12' });
    expect((await c.find(token, `asset=USDT&from=${stranger}`)).code).toBe(Code.walletNotLinked);
    expect((await c.find(token, 'asset=USDT')).code).toBe(Code.walletNotLinked);
    const other = await c.person();
    expect((await c.find(other, `asset=USDT&from=${payer}`)).code).toBe(Code.walletNotLinked);
  });
});

describe('deposits without a chain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('still need the proof and the last 6 characters; finding transfers is not offered', async () => {
    const token = (await registerByEmail(server)).token;
    const body = {
      key: requestKey(),
      asset: 'USDT',
      network: 'ethereum',
      amount: '50',
      txHash: txHash(),
    };
    const res = await server.call('POST', `${USER}/recharge`, { token, headers: REAL, body });
    expect(res.code).toBe(Code.proofRequired);
    expect(await server.count('deposits')).toBe(0);
    const find = await server.call('GET', `${USER}/findChainTransfers?asset=USDT`, { token });
    expect(find.code).toBe(Code.chainUnavailable);
    const options = await server.call('GET', `${USER}/listFundingOptions`);
    for (const o of (options.result as { options: FundingOption[] }).options) {
      expect(o.onChain).toBeNull();
      expect(o.deposit).toBe('personal');
    }
  });
});

describe('a production server with no deposit keys or addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Production on PostgreSQL needs the files kernel's master keys (docs/files.md).
    server = await startTestServer({
      NODE_ENV: 'production',
      FILES_MASTER_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('offers no deposits and shows no placeholder address', async () => {
    const options = await server.call('GET', `${USER}/listFundingOptions`);
    for (const o of (options.result as { options: FundingOption[] }).options) {
      expect(o).toMatchObject({ deposit: 'none', depositAddress: null });
    }
    const token = (await registerByEmail(server)).token;
    const address = await server.call('POST', `${USER}/depositAddress`, {
      token,
      headers: REAL,
      body: { asset: 'USDT', network: 'ethereum' },
    });
    expect(address.code).toBe(Code.depositUnavailable);
    const res = await server.call('POST', `${USER}/recharge`, {
      token,
      headers: REAL,
      body: {
        key: requestKey(),
        asset: 'USDT',
        network: 'ethereum',
        amount: '50',
        txHash: txHash(),
      },
    });
    expect(res.code).toBe(Code.depositUnavailable);
    expect(await server.count('deposits')).toBe(0);
  });
});
