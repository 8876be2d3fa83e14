import { createHash } from 'node:crypto';
import type { Book } from '../../../contract/envelope.ts';
import type { Database, Tx } from '../platform/db/database.ts';
import { assert } from '../assert.ts';
import { scaleOf } from '../money/assets.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';

/** Where money sits: a user's available or held funds, or one of the platform's accounts. */
export type PlatformAccount =
  'external_deposits' | 'withdrawals_in_flight' | 'fees' | 'house' | 'demo_faucet';
export type AccountRef =
  { user: number; purpose: 'available' | 'held' } | { platform: PlatformAccount };

/**
 * How a hold ends: `release` returns it to the owner's available balance; `settle` pays it out
 * to platform accounts in parts that must add up to the hold (a withdrawal and its fee).
 */
export type HoldOutcome =
  | { release: true }
  | { settle: readonly { to: PlatformAccount; amount: bigint }[] }
  | { settleTo: PlatformAccount };

export interface HoldRequest {
  key: string;
  user: number;
  asset: string;
  book: Book;
  amount: bigint;
  kind: string;
  reference?: string;
}

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  /** In the asset's smallest unit (bigint fixed-point); always positive. */
  amount: bigint;
  kind: string;
  reference?: string;
  tick?: { code: string; price: string; ts: number };
}

export interface TransferRequest {
  /** Unique per business operation: a replay with the same key and legs has one effect. */
  key: string;
  asset: string;
  book: Book;
  legs: readonly Leg[];
}

export type TransferOutcome = { batchId: number; replayed: boolean };

/** Refusals of the ledger; the service layer maps each to a catalogue code. */
export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly reason:
      | 'insufficient_funds'
      | 'idempotency_conflict'
      | 'unknown_asset'
      | 'invalid_amount'
      | 'invalid_key'
      | 'hold_resolved',
  ) {
    super(reason);
  }
}

const MAX_LEGS = 16;

/** Stable JSON of the request (bigints as strings) for the idempotency check. */
function bodyHash(req: TransferRequest): string {
  const body = JSON.stringify({
    asset: req.asset,
    book: req.book,
    legs: req.legs.map((l) => ({ ...l, amount: l.amount.toString() })),
  });
  return createHash('sha256').update(body).digest('hex');
}

/** A user balance would go below zero (the database's check refused the update). */
export function isNegativeBalance(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23514' && /ledger_accounts/.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
}

/**
 * The double-entry core: every movement debits one account and credits another of the same
 * asset and book, in one transaction with all other legs of its request, once per
 * idempotency key. Balances are kept beside the journal; a user's balance cannot go below
 * zero (a database constraint).
 */
export class Ledger {
  constructor(private readonly db: Database) {}

  /** The asset's decimal scale (money/assets.ts, checked against the table at start). */
  scaleOf(asset: string): number {
    const scale = scaleOf(asset);
    if (scale === undefined) throw new LedgerError('unknown_asset');
    return scale;
  }

  /** The account's id, created on first use. */
  async accountId(tx: Tx, ref: AccountRef, asset: string, book: Book): Promise<number> {
    const isUser = 'user' in ref;
    const find = () =>
      isUser
        ? tx.query<{ id: number }>(
            'select id from ledger_accounts where user_id = $1 and asset = $2 and book = $3 and purpose = $4',
            [ref.user, asset, book, ref.purpose],
          )
        : tx.query<{ id: number }>(
            'select id from ledger_accounts where platform_key = $1 and asset = $2 and book = $3',
            [ref.platform, asset, book],
          );
    const [found] = await find();
    if (found !== undefined) return found.id;
    const [created] = await tx.query<{ id: number }>(
      `insert into ledger_accounts (user_id, platform_key, asset, book, purpose)
       values ($1, $2, $3, $4, $5) on conflict do nothing returning id`,
      isUser
        ? [ref.user, null, asset, book, ref.purpose]
        : [null, ref.platform, asset, book, 'platform'],
    );
    if (created !== undefined) return created.id;
    // Created by a concurrent request between our select and insert.
    const [again] = await find();
    if (again === undefined) throw new Error('ledger account vanished');
    return again.id;
  }

  /** Applies every leg, or none; a replayed key returns the first outcome. */
  async transfer(req: TransferRequest): Promise<TransferOutcome> {
    return this.atomically((tx) => this.post(tx, req));
  }

  /**
   * Sets `amount` of a user's available funds aside (a withdrawal, a bid, margin): moved to
   * their held account, with a hold that is later released or settled exactly once.
   */
  async hold(req: HoldRequest): Promise<TransferOutcome & { holdId: number }> {
    return this.atomically((tx) => this.holdIn(tx, req));
  }

  /** `hold` inside the caller's transaction (with the business row it belongs to). */
  async holdIn(tx: Tx, req: HoldRequest): Promise<TransferOutcome & { holdId: number }> {
    const outcome = await this.post(tx, {
      key: req.key,
      asset: req.asset,
      book: req.book,
      legs: [
        {
          from: { user: req.user, purpose: 'available' },
          to: { user: req.user, purpose: 'held' },
          amount: req.amount,
          kind: req.kind,
          reference: req.reference,
        },
      ],
    });
    if (outcome.replayed) {
      const [hold] = await tx.query<{ id: number }>(
        'select id from ledger_holds where batch_id = $1',
        [outcome.batchId],
      );
      if (hold === undefined) throw new LedgerError('idempotency_conflict');
      return { ...outcome, holdId: hold.id };
    }
    const held = await this.accountId(tx, { user: req.user, purpose: 'held' }, req.asset, req.book);
    const [hold] = await tx.query<{ id: number }>(
      `insert into ledger_holds (batch_id, account_id, amount, reference) values ($1, $2, $3, $4) returning id`,
      [
        outcome.batchId,
        held,
        fromUnits(req.amount, this.scaleOf(req.asset)),
        req.reference ?? null,
      ],
    );
    if (hold === undefined) throw new Error('hold insert returned no row');
    return { ...outcome, holdId: hold.id };
  }

  /**
   * Resolves an open hold exactly once: released to the owner's available balance, or
   * settled to platform accounts (a withdrawal sent, its fee).
   */
  async resolveHold(
    key: string,
    holdId: number,
    outcome: HoldOutcome,
    kind: string,
  ): Promise<TransferOutcome> {
    return this.atomically((tx) => this.resolveHoldIn(tx, key, holdId, outcome, kind));
  }

  /** `resolveHold` inside the caller's transaction. */
  async resolveHoldIn(
    tx: Tx,
    key: string,
    holdId: number,
    outcome: HoldOutcome,
    kind: string,
  ): Promise<TransferOutcome> {
    const [batch] = await tx.query<{ id: number }>(
      'select id from ledger_batches where idempotency_key = $1',
      [key],
    );
    const [hold] = await tx.query<{
      user_id: number;
      asset: string;
      book: Book;
      amount: string;
      status: string;
    }>(
      `select a.user_id, a.asset, a.book, h.amount::text, h.status
         from ledger_holds h join ledger_accounts a on a.id = h.account_id where h.id = $1 for update of h`,
      [holdId],
    );
    if (hold === undefined) throw new LedgerError('hold_resolved');
    if (batch !== undefined && hold.status !== 'open') return { batchId: batch.id, replayed: true };
    const status = 'release' in outcome ? 'released' : 'settled';
    const updated = await tx.query(
      `update ledger_holds set status = $2, resolved_at = now() where id = $1 and status = 'open' returning id`,
      [holdId, status],
    );
    if (updated.length !== 1) throw new LedgerError('hold_resolved');
    const amount = toUnits(hold.amount, this.scaleOf(hold.asset));
    const owner = hold.user_id;
    const parts =
      'release' in outcome
        ? [{ to: { user: owner, purpose: 'available' } as AccountRef, amount }]
        : 'settleTo' in outcome
          ? [{ to: { platform: outcome.settleTo } as AccountRef, amount }]
          : outcome.settle
              .filter((p) => p.amount > 0n)
              .map((p) => ({ to: { platform: p.to } as AccountRef, amount: p.amount }));
    // A settlement pays out exactly what was held: no money appears or vanishes here.
    const paid = parts.reduce((sum, p) => sum + p.amount, 0n);
    assert(paid === amount, () => `hold ${holdId}: settling ${paid} of ${amount}`);
    return this.post(tx, {
      key,
      asset: hold.asset,
      book: hold.book,
      legs: parts.map((p) => ({
        from: { user: owner, purpose: 'held' },
        to: p.to,
        amount: p.amount,
        kind,
        reference: `hold:${holdId}`,
      })),
    });
  }

  /**
   * Runs `fn` in one transaction (the ledger's moves plus the caller's own rows), turning a
   * negative balance into `insufficient_funds` and a lost race on an idempotency key into a
   * replay.
   */
  async atomically<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } catch (err) {
      if (isNegativeBalance(err)) throw new LedgerError('insufficient_funds');
      if (
        (err as { code?: string }).code === '23505' &&
        /ledger_batches/.test(String((err as Error).message))
      ) {
        // A concurrent request with the same key committed first: retry, which replays it.
        return this.db.transaction(fn);
      }
      throw err;
    }
  }

  /** Applies every leg of `req` inside the caller's transaction, once per key. */
  async post(tx: Tx, req: TransferRequest): Promise<TransferOutcome> {
    if (req.key.length < 8 || req.key.length > 200) throw new LedgerError('invalid_key');
    if (req.legs.length === 0 || req.legs.length > MAX_LEGS)
      throw new LedgerError('invalid_amount');
    for (const leg of req.legs) if (leg.amount <= 0n) throw new LedgerError('invalid_amount');
    const scale = this.scaleOf(req.asset);
    const hash = bodyHash(req);
    const [existing] = await tx.query<{ id: number; body_hash: string }>(
      'select id, body_hash from ledger_batches where idempotency_key = $1',
      [req.key],
    );
    if (existing !== undefined) {
      if (existing.body_hash !== hash) throw new LedgerError('idempotency_conflict');
      return { batchId: existing.id, replayed: true };
    }
    const [batch] = await tx.query<{ id: number }>(
      'insert into ledger_batches (idempotency_key, body_hash) values ($1, $2) returning id',
      [req.key, hash],
    );
    if (batch === undefined) throw new Error('batch insert returned no row');
    // Every unit leaving an account arrives in another of the same asset and book.
    const net = new Map<number, bigint>();
    for (const [i, leg] of req.legs.entries()) {
      const from = await this.accountId(tx, leg.from, req.asset, req.book);
      const to = await this.accountId(tx, leg.to, req.asset, req.book);
      const amount = fromUnits(leg.amount, scale);
      // Update in id order, so two transfers between the same accounts cannot deadlock.
      const updates: [number, string][] = [
        [from, `-${amount}`],
        [to, amount],
      ];
      updates.sort((a, b) => a[0] - b[0]);
      net.set(from, (net.get(from) ?? 0n) - leg.amount);
      net.set(to, (net.get(to) ?? 0n) + leg.amount);
      for (const [id, delta] of updates) {
        await tx.query('update ledger_accounts set balance = balance + $1::numeric where id = $2', [
          delta,
          id,
        ]);
      }
      await tx.query(
        `insert into ledger_transfers (batch_id, leg, from_account, to_account, asset, book, amount,
           kind, reference, tick_code, tick_price, tick_ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          batch.id,
          i,
          from,
          to,
          req.asset,
          req.book,
          amount,
          leg.kind,
          leg.reference ?? null,
          leg.tick?.code ?? null,
          leg.tick?.price ?? null,
          leg.tick === undefined ? null : new Date(leg.tick.ts),
        ],
      );
    }
    const total = [...net.values()].reduce((sum, delta) => sum + delta, 0n);
    assert(total === 0n, () => `batch ${req.key} nets to ${total} in ${req.asset} ${req.book}`);
    return { batchId: batch.id, replayed: false };
  }

  /** A user's balance in the asset's smallest unit. */
  async balance(
    userId: number,
    asset: string,
    book: Book,
    purpose: 'available' | 'held',
  ): Promise<bigint> {
    const scale = this.scaleOf(asset);
    const [row] = await this.db.query<{ units: string }>(
      `select (balance * power(10::numeric, $5))::numeric(78, 0)::text as units from ledger_accounts
        where user_id = $1 and asset = $2 and book = $3 and purpose = $4`,
      [userId, asset, book, purpose, scale],
    );
    return row === undefined ? 0n : BigInt(row.units);
  }
}
