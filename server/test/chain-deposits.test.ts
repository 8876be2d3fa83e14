import { parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../contract/errors.ts';
import type { Deposit, FundingOption } from '../../contract/funds.ts';
import { testUsdtAbi, testUsdtBytecode } from '../../contracts-abi/abis.ts';
import {
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
const usdt = (whole: number) => BigInt(whole) * 10n ** 6n;

describe('deposits verified on a local chain', () => {
  let chain: LocalChain;
  let server: TestServer;
  let platform: Address;
  let payer: Address;
  let stranger: Address;
  let otherToken: Address;
  let reviewer: string;

  beforeAll(async () => {
    chain = await startLocalChain({ port: CHAIN_PORT });
    [, payer = '0x', stranger = '0x'] = chain.accounts;
    platform = chain.accounts[9] ?? '0x';
    // A second token with the same code, at another address: "of another token".
    const deployed = await chain.walletClient.deployContract({
      abi: testUsdtAbi,
      bytecode: testUsdtBytecode,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: deployed });
    otherToken = receipt.contractAddress ?? '0x';
    await chain.mintUsdt(payer, usdt(100_000));
    await chain.walletClient.writeContract({
      address: otherToken,
      abi: testUsdtAbi,
      functionName: 'mint',
      args: [payer, usdt(1_000)],
    });
    server = await startTestServer({
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(LOCAL_CHAIN_ID),
      CHAIN_TOKENS: `USDT=${chain.usdt}`,
      DEPOSIT_ADDRESSES: `USDT:ethereum=${platform},ETH:ethereum=${platform}`,
      DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
      // The tests sweep themselves, at the moments they choose.
      CHAIN_POLL_MS: '600000',
    });
    reviewer = (await staffSession(server, 'reviewer')).token;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  async function payUsdt(amount: bigint, to: Address = platform, token = chain.usdt) {
    const hash = await chain.walletClient.writeContract({
      account: payer,
      address: token,
      abi: testUsdtAbi,
      functionName: 'transfer',
      args: [to, amount],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  async function payEth(value: bigint, to: Address = platform) {
    const hash = await chain.walletClient.sendTransaction({ account: payer, to, value });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    return hash;
  }

  async function declare(
    token: string,
    hash: string,
    amount: string,
    asset = 'USDT',
  ): Promise<{ code: number; deposit: Deposit }> {
    const res = await server.call('POST', `${USER}/recharge`, {
      token,
      headers: REAL,
      body: { key: requestKey(), asset, network: 'ethereum', amount, txHash: hash },
    });
    return { code: res.code, deposit: res.result as Deposit };
  }

  async function balance(token: string, asset = 'USDT'): Promise<string> {
    const res = await server.call('GET', `${USER}/listBalance`, { token, headers: REAL });
    const list = (res.result as { assets: { asset: string; available: string }[] }).assets;
    return list.find((a) => a.asset === asset)?.available ?? 'none';
  }

  async function depositRow(id: number): Promise<Deposit> {
    const res = await server.call('GET', `${USER}/listRecharge?size=100`, {
      token: (await ownerToken(id)) ?? '',
    });
    const list = (res.result as { list: Deposit[] }).list;
    const found = list.find((d) => d.id === id);
    if (found === undefined) throw new Error(`deposit ${id} not listed`);
    return found;
  }
  const owners = new Map<number, string>();
  const ownerToken = async (id: number) => owners.get(id);

  async function person() {
    return (await registerByEmail(server)).token;
  }

  it('offers the chain in the funding options: proof optional where it verifies', async () => {
    const res = await server.call('GET', `${USER}/listFundingOptions`);
    const options = (res.result as { options: FundingOption[] }).options;
    const onChain = (asset: string, network: string) =>
      options.find((o) => o.asset === asset && o.network === network)?.onChain;
    expect(onChain('USDT', 'ethereum')).toEqual({
      chainId: LOCAL_CHAIN_ID,
      token: chain.usdt,
      decimals: 6,
      confirmations: CONFIRMATIONS,
    });
    expect(onChain('ETH', 'ethereum')?.token).toBeNull();
    expect(onChain('USDC', 'ethereum')).toBeNull(); // no USDC contract configured
    expect(onChain('USDT', 'tron')).toBeNull();
  });

  it('credits a confirmed USDT payment at once, exactly the amount, without a proof', async () => {
    const token = await person();
    const hash = await payUsdt(usdt(250));
    await chain.mine(CONFIRMATIONS);
    const { code, deposit } = await declare(token, hash, '250');
    expect(code).toBe(200);
    expect(deposit).toMatchObject({
      status: 'approved',
      chainCheck: 'verified',
      chainAmount: '250',
      fromAddress: payer.toLowerCase(),
      checkCode: null,
    });
    expect(await balance(token)).toBe('250');
  });

  it('waits for confirmations, then the sweep credits once', async () => {
    const token = await person();
    const hash = await payUsdt(usdt(40));
    const { deposit } = await declare(token, hash, '40');
    owners.set(deposit.id, token);
    expect(deposit).toMatchObject({
      status: 'pending',
      chainCheck: 'confirming',
      confirmations: 1,
      confirmationsRequired: CONFIRMATIONS,
    });
    expect(await balance(token)).toBe('0');

    await chain.mine(1);
    await server.services.chainDeposits?.sweep();
    expect(await depositRow(deposit.id)).toMatchObject({
      chainCheck: 'confirming',
      confirmations: 2,
    });
    expect(await balance(token)).toBe('0');

    await chain.mine(1);
    await server.services.chainDeposits?.sweep();
    await server.services.chainDeposits?.sweep();
    expect(await depositRow(deposit.id)).toMatchObject({
      status: 'approved',
      chainCheck: 'verified',
    });
    expect(await balance(token)).toBe('40');
    // The staff queue no longer offers it: approving again is refused, nothing moves.
    const again = await server.call('POST', `${ADMIN}/reviewDeposit`, {
      token: reviewer,
      body: { id: deposit.id, decision: 'approve' },
    });
    expect(again.code).toBe(Code.alreadyReviewed);
    expect(await balance(token)).toBe('40');
  });

  it('credits once when checks, sweeps and a reviewer race for the same deposit', async () => {
    const token = await person();
    const hash = await payUsdt(usdt(33));
    const { deposit } = await declare(token, hash, '33');
    expect(deposit.chainCheck).toBe('confirming');
    await chain.mine(CONFIRMATIONS);
    const chainDeposits = server.services.chainDeposits;
    if (chainDeposits === undefined) throw new Error('no chain deposits service');
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => chainDeposits.check(deposit.id)),
      chainDeposits.sweep(),
      server.call('POST', `${ADMIN}/reviewDeposit`, {
        token: reviewer,
        body: { id: deposit.id, decision: 'approve' },
      }),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(await balance(token)).toBe('33');
    const credits = await server.db.query<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where reference = $1`,
      [`deposit:${deposit.id}`],
    );
    expect(credits[0]?.n).toBe(1);
  });

  it('credits ETH paid straight to the platform', async () => {
    const token = await person();
    const hash = await payEth(parseEther('0.25'));
    await chain.mine(CONFIRMATIONS);
    const { deposit } = await declare(token, hash, '0.25', 'ETH');
    expect(deposit).toMatchObject({ status: 'approved', chainCheck: 'verified' });
    expect(await balance(token, 'ETH')).toBe('0.25');
  });

  describe('sends to staff review with the reason, and credits nothing', () => {
    async function expectReview(hash: Hash | string, amount: string, code: number, asset = 'USDT') {
      const token = await person();
      await chain.mine(CONFIRMATIONS);
      const res = await declare(token, hash, amount, asset);
      expect(res.code).toBe(200);
      expect(res.deposit).toMatchObject({
        status: 'pending',
        chainCheck: 'review',
        checkCode: code,
      });
      expect(await balance(token, asset)).toBe('0');
      return { token, deposit: res.deposit };
    }

    it('a transaction that failed on chain (10146)', async () => {
      // Mined but reverted: only the deployer may mint.
      await chain.testClient.setAutomine(false);
      const hash = await chain.walletClient.writeContract({
        account: payer,
        address: chain.usdt,
        abi: testUsdtAbi,
        functionName: 'mint',
        args: [platform, usdt(500)],
        gas: 100_000n,
      });
      await chain.mine(1);
      await chain.testClient.setAutomine(true);
      const receipt = await chain.publicClient.getTransactionReceipt({ hash });
      expect(receipt.status).toBe('reverted');
      await expectReview(hash, '500', Code.depositTxFailed);
    });

    it('a payment to another address (10147)', async () => {
      await expectReview(await payUsdt(usdt(30), stranger), '30', Code.depositWrongRecipient);
      await expectReview(
        await payEth(parseEther('0.3'), stranger),
        '0.3',
        Code.depositWrongRecipient,
        'ETH',
      );
    });

    it('a payment in another token, or in ETH when USDT was declared (10148)', async () => {
      await expectReview(
        await payUsdt(usdt(30), platform, otherToken),
        '30',
        Code.depositWrongAsset,
      );
      await expectReview(await payEth(parseEther('1')), '30', Code.depositWrongAsset);
    });

    it('a payment smaller than declared (10149): approval credits what arrived', async () => {
      const { token, deposit } = await expectReview(
        await payUsdt(usdt(20)),
        '50',
        Code.depositAmountDiffers,
      );
      expect(deposit.chainAmount).toBe('20');
      const approved = await server.call('POST', `${ADMIN}/reviewDeposit`, {
        token: reviewer,
        body: { id: deposit.id, decision: 'approve' },
      });
      expect(approved.code).toBe(200);
      expect(await balance(token)).toBe('20');
    });

    it('a transaction never confirmed in time (10150)', async () => {
      const token = await person();
      const { deposit } = await declare(token, txHash(), '60');
      owners.set(deposit.id, token);
      expect(deposit).toMatchObject({ chainCheck: 'confirming', confirmations: 0 });
      await server.db.query(
        `update deposits set check_until = now() - interval '1 second' where id = $1`,
        [deposit.id],
      );
      await server.services.chainDeposits?.sweep();
      expect(await depositRow(deposit.id)).toMatchObject({
        status: 'pending',
        chainCheck: 'review',
        checkCode: Code.depositNotConfirmed,
      });
      expect(await balance(token)).toBe('0');
    });
  });

  it('refuses a hash already declared, by anyone (10130)', async () => {
    const hash = await payUsdt(usdt(15));
    await chain.mine(CONFIRMATIONS);
    const first = await person();
    expect((await declare(first, hash, '15')).code).toBe(200);
    const second = await person();
    expect((await declare(second, hash, '15')).code).toBe(Code.txHashUsed);
    expect((await declare(second, hash.toUpperCase().replace('0X', '0x'), '15')).code).toBe(
      Code.txHashUsed,
    );
    expect(await balance(first)).toBe('15');
    expect(await balance(second)).toBe('0');
  });

  it('finds transfers sent outside the app, newest first, marking those already declared', async () => {
    const token = await person();
    const older = await payUsdt(usdt(11));
    const newer = await payUsdt(usdt(12));
    await declare(token, older, '11');
    const res = await server.call('GET', `${USER}/findChainTransfers?asset=USDT&from=${payer}`, {
      token,
    });
    expect(res.code).toBe(200);
    const list = (res.result as { list: { txHash: string; amount: string; used: boolean }[] }).list;
    const newerAt = list.findIndex((t) => t.txHash === newer.toLowerCase());
    const olderAt = list.findIndex((t) => t.txHash === older.toLowerCase());
    expect(newerAt).toBeGreaterThanOrEqual(0);
    expect(olderAt).toBeGreaterThan(newerAt);
    expect(list[newerAt]).toMatchObject({ amount: '12', used: false });
    expect(list[olderAt]).toMatchObject({ amount: '11', used: true });

    const eth = await payEth(parseEther('0.2'));
    const ethList = await server.call('GET', `${USER}/findChainTransfers?asset=ETH&from=${payer}`, {
      token,
    });
    expect((ethList.result as { list: { txHash: string }[] }).list[0]?.txHash).toBe(
      eth.toLowerCase(),
    );

    const nobody = await server.call(
      'GET',
      `${USER}/findChainTransfers?asset=USDT&from=${stranger}`,
      { token },
    );
    expect((nobody.result as { list: unknown[] }).list).toEqual([]);
    for (const bad of [
      'asset=USDT&from=0x12',
      'asset=DOGE&from=' + payer,
      'asset=USDC&from=' + payer,
    ]) {
      const refused = await server.call('GET', `${USER}/findChainTransfers?${bad}`, { token });
      expect(refused.code, bad).not.toBe(200);
    }
    const anonymous = await server.call(
      'GET',
      `${USER}/findChainTransfers?asset=USDT&from=${payer}`,
    );
    expect(anonymous.status).toBe(401);
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
    const find = await server.call(
      'GET',
      `${USER}/findChainTransfers?asset=USDT&from=0x000000000000000000000000000000000000dEaD`,
      { token },
    );
    expect(find.code).toBe(Code.chainUnavailable);
    const options = await server.call('GET', `${USER}/listFundingOptions`);
    for (const o of (options.result as { options: FundingOption[] }).options) {
      expect(o.onChain).toBeNull();
    }
  });
});
