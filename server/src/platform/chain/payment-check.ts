import {
  decodeEventLog,
  getAddress,
  isAddressEqual,
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem';
import { erc20DepositAbi } from '../../../../contracts-abi/abis.ts';
import { Code } from '../../../../contract/errors.ts';

/** What the platform expects a deposit's transaction to have paid. */
export interface ExpectedPayment {
  hash: Hash;
  /** The platform's deposit address. */
  recipient: Address;
  /** The ERC-20 contract, or null for the chain's own coin (ETH). */
  token: Address | null;
  /** The declared amount in the coin's smallest unit. */
  amount: bigint;
  confirmations: number;
}

export type PaymentCheck =
  /** Not mined yet (or unknown to this node), or mined with too few blocks on top. */
  | { kind: 'confirming'; confirmations: number }
  /**
   * `from` is who paid: the token's sender in its Transfer event (a smart wallet's own address,
   * not the account that relayed its transaction), or the sender of an ETH payment.
   */
  | {
      kind: 'paid';
      from: Address;
      amount: bigint;
      confirmations: number;
      /** Which transfers paid it: token Transfer log indexes, or NATIVE_TRANSFER for ETH. */
      logIndexes: number[];
    }
  | {
      kind: 'refused';
      code:
        | typeof Code.depositTxFailed
        | typeof Code.depositWrongRecipient
        | typeof Code.depositWrongAsset
        | typeof Code.depositAmountDiffers;
      /** What the chain shows was paid to the platform in this coin, when anything was. */
      amount: bigint | null;
      from: Address;
    };

/**
 * A chain transfer is named by (transaction, log index): a token's by its Transfer event's log
 * index; ETH sent directly has no log, so its one transfer, the transaction's own value, takes
 * this index (no log has a negative one). docs/funds.md, "Credit exactly once".
 */
export const NATIVE_TRANSFER = -1;

interface ReceiptLog {
  address: Address;
  data: `0x${string}`;
  topics: readonly `0x${string}`[];
  logIndex: number;
}

interface TransferEvent {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  logIndex: number;
}

/** The ERC-20 Transfer events among a receipt's logs (any token). */
function transferEvents(logs: readonly ReceiptLog[]): TransferEvent[] {
  const events: TransferEvent[] = [];
  for (const log of logs) {
    let event;
    try {
      event = decodeEventLog({
        abi: erc20DepositAbi,
        eventName: 'Transfer',
        data: log.data,
        topics: log.topics as [`0x${string}`, ...`0x${string}`[]],
      });
    } catch {
      continue; // another event (an Approval, a swap's Sync...)
    }
    const { from, to, value } = event.args;
    events.push({ token: log.address, from, to, value, logIndex: log.logIndex });
  }
  return events;
}

/** ERC-20 Transfer events of `token` to `recipient` in the receipt, summed. */
function tokenPaid(
  logs: readonly ReceiptLog[],
  token: Address,
  recipient: Address,
): { amount: bigint; otherTokenPaid: boolean; senders: Set<Address>; logIndexes: number[] } {
  let amount = 0n;
  let otherTokenPaid = false;
  const senders = new Set<Address>();
  const logIndexes: number[] = [];
  for (const event of transferEvents(logs)) {
    if (!isAddressEqual(event.to, recipient)) continue;
    if (isAddressEqual(event.token, token)) {
      amount += event.value;
      senders.add(getAddress(event.from));
      logIndexes.push(event.logIndex);
    } else otherTokenPaid = true;
  }
  return { amount, otherTokenPaid, senders, logIndexes };
}

/**
 * The log indexes of `token`'s transfers in a transaction: those to `recipient` where there are
 * any, else all of them (a claim of a payment that went elsewhere stands for every transfer it
 * names). Empty when the node does not know the transaction, it reverted, or it moved none.
 */
export async function tokenTransferLogs(
  client: PublicClient,
  hash: Hash,
  token: Address,
  recipient: Address,
): Promise<number[]> {
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return [];
    throw err;
  }
  if (receipt.status !== 'success') return [];
  const ofToken = transferEvents(receipt.logs).filter((e) => isAddressEqual(e.token, token));
  const toRecipient = ofToken.filter((e) => isAddressEqual(e.to, recipient));
  return (toRecipient.length > 0 ? toRecipient : ofToken).map((e) => e.logIndex);
}

/** Whether the transaction sent ETH to the platform (when a token was declared). */
async function paidNativeCoin(client: PublicClient, expected: ExpectedPayment): Promise<boolean> {
  const tx = await client.getTransaction({ hash: expected.hash });
  return tx.to !== null && isAddressEqual(tx.to, expected.recipient) && tx.value > 0n;
}

/**
 * Reads one deposit's transaction from the chain and says whether it paid what was declared.
 * Every check that can refuse runs before the confirmation count, so a wrong payment goes to
 * staff at once instead of after the wait; only a payment that matches waits for blocks.
 * Only direct payments count: ETH sent through a contract (an internal transaction) is not seen
 * here and goes to staff review after the wait (docs/funds.md).
 */
export async function checkPayment(
  client: PublicClient,
  expected: ExpectedPayment,
): Promise<PaymentCheck> {
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: expected.hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError)
      return { kind: 'confirming', confirmations: 0 };
    throw err;
  }
  const from = receipt.from;
  if (receipt.status !== 'success') {
    return { kind: 'refused', code: Code.depositTxFailed, amount: null, from };
  }

  let paid: bigint;
  let payer: Address = from;
  let logIndexes = [NATIVE_TRANSFER];
  if (expected.token === null) {
    const tx = await client.getTransaction({ hash: expected.hash });
    const toUs = tx.to !== null && isAddressEqual(tx.to, expected.recipient);
    if (!toUs) return { kind: 'refused', code: Code.depositWrongRecipient, amount: null, from };
    if (tx.value === 0n)
      return { kind: 'refused', code: Code.depositWrongAsset, amount: null, from };
    paid = tx.value;
  } else {
    const {
      amount,
      otherTokenPaid,
      senders,
      logIndexes: tokenLogs,
    } = tokenPaid(receipt.logs, expected.token, expected.recipient);
    if (amount === 0n) {
      const code =
        otherTokenPaid || (await paidNativeCoin(client, expected))
          ? Code.depositWrongAsset
          : Code.depositWrongRecipient;
      return { kind: 'refused', code, amount: null, from };
    }
    paid = amount;
    logIndexes = tokenLogs;
    // Several senders in one transaction (a batch): none of them alone is the payer.
    const [only] = senders;
    if (senders.size === 1 && only !== undefined) payer = only;
  }
  if (paid !== expected.amount) {
    return { kind: 'refused', code: Code.depositAmountDiffers, amount: paid, from };
  }

  const latest = await client.getBlockNumber();
  const confirmations = Number(latest - receipt.blockNumber + 1n);
  if (confirmations < expected.confirmations) return { kind: 'confirming', confirmations };
  return { kind: 'paid', from: payer, amount: paid, confirmations, logIndexes };
}
