import { createHash } from 'node:crypto';
import type { Book } from '../../../contract/envelope.ts';
import type { Database, Lane, Queryable, Tx } from '../platform/db/database.ts';
import { assert } from '../assert.ts';
import { scaleOf } from '../money/assets.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { type RetryStats, withRetries } from '../platform/db/retry.ts';
import type { TransferKind } from '../money/transfers.ts';

/**
 * A reserve the operator funds for a capability's promises (a plan product's yield, the lending
 * book): `reserve:<capability>:<what>`. The database keeps it at or above zero, so what it
 * pays out it must hold.
 */
export type ReserveAccount = `reserve:${string}`;

/**
 * Money the platform owes someone outside it (a charity, a creator without an account):
 * `payee:<capability>:<who>`. Never below zero, like a reserve.
 */
export type PayeeAccount = `payee:${string}`;

/**
 * Where money sits: a user's available or held funds, or one of the platform's accounts.
 * `operator_capital` is the operator's own money, put in from outside to fund reserves.
 */
export type PlatformAccount =
  | 'external_deposits'
  | 'withdrawals_in_flight'
  | 'fees'
  | 'house'
  | 'demo_faucet'
  | 'operator_capital'
  | ReserveAccount
  | PayeeAccount;
export type AccountRef =
  { user: number; purpose: 'available' | 'held' } | { platform: PlatformAccount };

/**
 * How a hold ends: `release` returns it to the owner's available balance; `settle` pays it out
 * to platform accounts in parts that must add up to the hold (a withdrawal and its fee), each
 * part of the call's kind unless it names its own (a sale's charity, creator and fee shares).
 */
export type HoldOutcome =
  | { release: true }
  | { settle: readonly { to: PlatformAccount; amount: bigint; kind?: TransferKind }[] }
  | { settleTo: PlatformAccount };

export interface HoldRequest {
  key: string;
  user: number;
  asset: string;
  book: Book;
  amount: bigint;
  kind: TransferKind;
  reference?: string;
}

export interface Leg {
  from: AccountRef;
  to: AccountRef;
  /** In the asset's smallest unit (bigint fixed-point); always positive. */
  amount: bigint;
  kind: TransferKind;
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

/** One platform account paying many people, each into their available account, in one batch. */
export interface PayoutRequest {
  key: string;
  asset: string;
  book: Book;
  from: PlatformAccount;
  kind: TransferKind;
  payees: readonly { user: number; amount: bigint; reference?: string }[];
}

export type TransferOutcome = { batchId: number; replayed: boolean };

/** Refusals of the ledger; the service layer maps each to a catalogue code. */
export class LedgerError extends Error {
  override name = 'LedgerError';
  constructor(
    readonly reason:
      | 'insufficient_funds'
      | 'reserve_short'
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
/** Legs one payout batch carries at most (a daily job's chunk; a leg's number is a smallint). */
const PAYOUT_LEGS_MAX = 5_000;
/** Batches one `postMany` statement writes at most. */
const POST_MANY_MAX = 10_000;
/** Account ids the ledger remembers (a few per person and coin). */
const ACCOUNT_IDS_MAX = 200_000;

/** Stable JSON of the request (bigints as strings) for the idempotency check. */
function bodyHash(req: TransferRequest): string {
  const body = JSON.stringify({
    asset: req.asset,
    book: req.book,
    legs: req.legs.map((l) => ({ ...l, amount: l.amount.toString() })),
  });
  return createHash('sha256').update(body).digest('hex');
}

/** A request's legs as the columns the ledger's statements unnest. */
function legColumns() {
  return {
    from: [] as number[],
    to: [] as number[],
    amount: [] as string[],
    kind: [] as string[],
    reference: [] as (string | null)[],
    tickCode: [] as (string | null)[],
    tickPrice: [] as (string | null)[],
    tickTs: [] as (string | null)[],
  };
}

/** A reserve would go below zero (the database's check `reserve_covered`). */
function isShortReserve(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e.code === '23514' && /reserve_covered/.test(`${e.constraint ?? ''} ${e.message ?? ''}`);
}

/** A user balance would go below zero (the database's check refused the update). */
function isNegativeBalance(err: unknown): boolean {
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
  /**
   * Account ids already committed (accounts are never deleted, so an id never goes stale). An
   * id found or made inside a transaction joins only once that transaction has committed:
   * cached earlier, a rolled-back account would leave an id that points nowhere.
   */
  private readonly ids = new Map<string, number>();
  private readonly pending = new WeakMap<Tx, Map<string, number>>();
  /** Transactions run again after a deadlock or serialization failure (`atomically`). */
  readonly retries: RetryStats = { retried: 0, exhausted: 0 };

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
    const cacheKey = isUser
      ? `u${ref.user}:${ref.purpose}:${asset}:${book}`
      : `p:${ref.platform}:${asset}:${book}`;
    const cached = this.ids.get(cacheKey) ?? this.pending.get(tx)?.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = await this.findOrCreate(tx, ref, asset, book);
    let pending = this.pending.get(tx);
    if (pending === undefined) this.pending.set(tx, (pending = new Map()));
    pending.set(cacheKey, id);
    return id;
  }

  private async findOrCreate(tx: Tx, ref: AccountRef, asset: string, book: Book): Promise<number> {
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
    if (found !== undefined) return Number(found.id);
    const [created] = await tx.query<{ id: number }>(
      `insert into ledger_accounts (user_id, platform_key, asset, book, purpose)
       values ($1, $2, $3, $4, $5) on conflict do nothing returning id`,
      isUser
        ? [ref.user, null, asset, book, ref.purpose]
        : [null, ref.platform, asset, book, 'platform'],
    );
    if (created !== undefined) return Number(created.id);
    // Created by a concurrent request between our select and insert.
    const [again] = await find();
    if (again === undefined) throw new Error('ledger account vanished');
    return Number(again.id);
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
    kind: TransferKind,
  ): Promise<TransferOutcome> {
    return this.atomically((tx) => this.resolveHoldIn(tx, key, holdId, outcome, kind));
  }

  /** `resolveHold` inside the caller's transaction. */
  async resolveHoldIn(
    tx: Tx,
    key: string,
    holdId: number,
    outcome: HoldOutcome,
    kind: TransferKind,
  ): Promise<TransferOutcome> {
    // The common case in one statement: the open hold closed, and what it held read back.
    const status = 'release' in outcome ? 'released' : 'settled';
    const [hold] = await tx.query<{ user_id: number; asset: string; book: Book; amount: string }>(
      `update ledger_holds h set status = $2, resolved_at = now()
         from ledger_accounts a
        where h.id = $1 and h.status = 'open' and a.id = h.account_id
        returning a.user_id, a.asset, a.book, h.amount::text`,
      [holdId, status],
    );
    if (hold === undefined) {
      // Already resolved: by this very key (a replay answers its batch), or by another (refused).
      const [batch] = await tx.query<{ id: number }>(
        'select id from ledger_batches where idempotency_key = $1',
        [key],
      );
      if (batch !== undefined) return { batchId: batch.id, replayed: true };
      throw new LedgerError('hold_resolved');
    }
    const amount = toUnits(hold.amount, this.scaleOf(hold.asset));
    const owner = hold.user_id;
    const parts: { to: AccountRef; amount: bigint; kind?: TransferKind }[] =
      'release' in outcome
        ? [{ to: { user: owner, purpose: 'available' }, amount }]
        : 'settleTo' in outcome
          ? [{ to: { platform: outcome.settleTo }, amount }]
          : outcome.settle
              .filter((p) => p.amount > 0n)
              .map((p) => ({ to: { platform: p.to }, amount: p.amount, kind: p.kind }));
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
        kind: p.kind ?? kind,
        reference: `hold:${holdId}`,
      })),
    });
  }

  /**
   * Runs `fn` in one transaction (the ledger's moves plus the caller's own rows), turning a
   * negative balance into `insufficient_funds` and a lost race on an idempotency key into a
   * replay. On the shared lane a deadlock or serialization failure runs `fn` again (bounded,
   * counted in `retries`), so `fn` must do nothing outside the database. A single writer (a
   * spot desk) asks for the `engine` lane and decides itself what a failure means.
   */
  async atomically<T>(fn: (tx: Tx) => Promise<T>, lane: Lane = 'shared'): Promise<T> {
    const run = () => this.committing(fn, lane);
    try {
      return await (lane === 'shared' ? withRetries(run, this.retries) : run());
    } catch (err) {
      if (isShortReserve(err)) throw new LedgerError('reserve_short');
      if (isNegativeBalance(err)) throw new LedgerError('insufficient_funds');
      if (
        (err as { code?: string }).code === '23505' &&
        /ledger_batches/.test(String((err as Error).message))
      ) {
        // A concurrent request with the same key committed first: retry, which replays it.
        return this.committing(fn, lane);
      }
      throw err;
    }
  }

  /** One transaction; the account ids it resolved are cached once it has committed. */
  private async committing<T>(fn: (tx: Tx) => Promise<T>, lane: Lane): Promise<T> {
    let used: Tx | undefined;
    const result = await this.db.transaction((tx) => {
      used = tx;
      return fn(tx);
    }, lane);
    const resolved = used === undefined ? undefined : this.pending.get(used);
    if (resolved !== undefined) {
      // Bounded: past the bound the cache starts again (ids are read back as needed).
      if (this.ids.size + resolved.size > ACCOUNT_IDS_MAX) this.ids.clear();
      for (const [key, id] of resolved) this.ids.set(key, id);
    }
    return result;
  }

  /**
   * Applies every leg of `req` inside the caller's transaction, once per key: the batch row,
   * the balances and the legs in one statement (one round trip), so a trade's legs cost what
   * one write costs.
   */
  async post(tx: Tx, req: TransferRequest): Promise<TransferOutcome> {
    return this.postUpTo(tx, req, MAX_LEGS);
  }

  /**
   * A day's yield of a product and the like: one batch whose legs pay each person from one
   * platform account, once per key. A batch per person cost a row and two index entries each,
   * a third of the plans' daily job at 100,000 people (bench/earn-daily.ts).
   */
  async payOut(tx: Tx, req: PayoutRequest): Promise<TransferOutcome> {
    assert(req.payees.length <= PAYOUT_LEGS_MAX, () => `${req.payees.length} payees in one batch`);
    const transfer: TransferRequest = {
      key: req.key,
      asset: req.asset,
      book: req.book,
      legs: req.payees.map((p) => ({
        from: { platform: req.from },
        to: { user: p.user, purpose: 'available' },
        amount: p.amount,
        kind: req.kind,
        reference: p.reference,
      })),
    };
    await this.prefetchUsers(tx, [transfer]);
    return this.postUpTo(tx, transfer, PAYOUT_LEGS_MAX);
  }

  private async postUpTo(tx: Tx, req: TransferRequest, maxLegs: number): Promise<TransferOutcome> {
    const { scale, hash, net, legs, total } = await this.resolve(tx, req, maxLegs);
    assert(total === 0n, () => `batch ${req.key} nets to ${total} in ${req.asset} ${req.book}`);
    const changed = [...net].filter(([, d]) => d !== 0n).sort((a, b) => a[0] - b[0]);
    await this.lockAccounts(
      tx,
      changed.map(([id]) => id),
    );
    const [row] = await tx.query<{ id: string | null; moved: number; legs: number }>(
      `with batch as (
         insert into ledger_batches (idempotency_key, body_hash)
         values ($1, $2) on conflict (idempotency_key) do nothing returning id
       ), moved as (
         update ledger_accounts a set balance = a.balance + d.delta
           from unnest($3::bigint[], $4::numeric[]) with ordinality as d(id, delta, n)
          where a.id = d.id and exists (select 1 from batch)
         returning a.id
       ), legs as (
         insert into ledger_transfers (batch_id, leg, from_account, to_account, asset, book, amount,
           kind, reference, tick_code, tick_price, tick_ts)
         select batch.id, l.n - 1, l.from_account, l.to_account, $5, $6, l.amount, l.kind,
                l.reference, l.tick_code, l.tick_price, l.tick_ts
           from batch, unnest($7::bigint[], $8::bigint[], $9::numeric[], $10::text[], $11::text[],
                              $12::text[], $13::numeric[], $14::timestamptz[])
                with ordinality as l(from_account, to_account, amount, kind, reference, tick_code,
                                     tick_price, tick_ts, n)
         returning 1
       )
       select (select id::text from batch) as id, (select count(*) from moved)::int as moved,
              (select count(*) from legs)::int as legs`,
      [
        req.key,
        hash,
        changed.map(([id]) => id),
        changed.map(([, d]) => fromUnits(d, scale)),
        req.asset,
        req.book,
        legs.from,
        legs.to,
        legs.amount,
        legs.kind,
        legs.reference,
        legs.tickCode,
        legs.tickPrice,
        legs.tickTs,
      ],
    );
    if (row === undefined) throw new Error(`batch ${req.key} answered no row`);
    if (row.id !== null) {
      assert(
        row.moved === changed.length && row.legs === req.legs.length,
        () => `batch ${req.key}: ${row.moved}/${changed.length} accounts, ${row.legs} legs`,
      );
      return { batchId: Number(row.id), replayed: false };
    }
    const [existing] = await tx.query<{ id: number; body_hash: string }>(
      'select id, body_hash from ledger_batches where idempotency_key = $1',
      [req.key],
    );
    if (existing === undefined) throw new Error(`batch ${req.key} neither new nor stored`);
    if (existing.body_hash !== hash) throw new LedgerError('idempotency_conflict');
    return { batchId: Number(existing.id), replayed: true };
  }

  /**
   * Applies many batches inside the caller's transaction in one statement: a single writer's
   * whole journal (a spot desk's fills, holds and releases) costs one round trip. Every key
   * must be new (a replay is the caller's bug and fails the statement); each batch still nets
   * to zero on its own.
   */
  async postMany(tx: Tx, reqs: readonly TransferRequest[]): Promise<void> {
    if (reqs.length === 0) return;
    assert(reqs.length <= POST_MANY_MAX, () => `${reqs.length} batches in one post`);
    const book = reqs[0]?.book;
    const batches = { key: [] as string[], hash: [] as string[] };
    const accounts = new Map<number, { delta: bigint; scale: number }>();
    const legs = {
      key: [] as string[],
      leg: [] as number[],
      asset: [] as string[],
      ...legColumns(),
    };
    await this.prefetchUsers(tx, reqs);
    for (const req of reqs) {
      assert(req.book === book, () => `batch ${req.key} is in another book`);
      const r = await this.resolve(tx, req);
      assert(r.total === 0n, () => `batch ${req.key} nets to ${r.total} in ${req.asset}`);
      batches.key.push(req.key);
      batches.hash.push(r.hash);
      for (const [id, delta] of r.net) {
        const account = accounts.get(id) ?? { delta: 0n, scale: r.scale };
        account.delta += delta;
        accounts.set(id, account);
      }
      for (let i = 0; i < r.legs.from.length; i++) {
        legs.key.push(req.key);
        legs.leg.push(i);
        legs.asset.push(req.asset);
      }
      legs.from.push(...r.legs.from);
      legs.to.push(...r.legs.to);
      legs.amount.push(...r.legs.amount);
      legs.kind.push(...r.legs.kind);
      legs.reference.push(...r.legs.reference);
      legs.tickCode.push(...r.legs.tickCode);
      legs.tickPrice.push(...r.legs.tickPrice);
      legs.tickTs.push(...r.legs.tickTs);
    }
    const changed = [...accounts].filter(([, a]) => a.delta !== 0n).sort((a, b) => a[0] - b[0]);
    await this.lockAccounts(
      tx,
      changed.map(([id]) => id),
    );
    const [row] = await tx.query<{ batches: number; moved: number; legs: number }>(
      `with batches as (
         insert into ledger_batches (idempotency_key, body_hash)
         select b.k, b.h from unnest($1::text[], $2::text[]) as b(k, h)
         returning id, idempotency_key
       ), moved as (
         update ledger_accounts a set balance = a.balance + d.delta
           from unnest($3::bigint[], $4::numeric[]) as d(id, delta)
          where a.id = d.id and (select count(*) from batches) = cardinality($1::text[])
         returning a.id
       ), legs as (
         insert into ledger_transfers (batch_id, leg, from_account, to_account, asset, book, amount,
           kind, reference, tick_code, tick_price, tick_ts)
         select b.id, l.leg, l.from_account, l.to_account, l.asset, $5, l.amount, l.kind,
                l.reference, l.tick_code, l.tick_price, l.tick_ts
           from unnest($6::text[], $7::int[], $8::bigint[], $9::bigint[], $10::text[],
                       $11::numeric[], $12::text[], $13::text[], $14::text[], $15::numeric[],
                       $16::timestamptz[])
                as l(key, leg, from_account, to_account, asset, amount, kind, reference,
                     tick_code, tick_price, tick_ts)
           join batches b on b.idempotency_key = l.key
         returning 1
       )
       select (select count(*) from batches)::int as batches,
              (select count(*) from moved)::int as moved, (select count(*) from legs)::int as legs`,
      [
        batches.key,
        batches.hash,
        changed.map(([id]) => id),
        changed.map(([, a]) => fromUnits(a.delta, a.scale)),
        book,
        legs.key,
        legs.leg,
        legs.from,
        legs.to,
        legs.asset,
        legs.amount,
        legs.kind,
        legs.reference,
        legs.tickCode,
        legs.tickPrice,
        legs.tickTs,
      ],
    );
    assert(
      row !== undefined &&
        row.batches === reqs.length &&
        row.moved === changed.length &&
        row.legs === legs.key.length,
      () => `postMany: ${JSON.stringify(row)} for ${reqs.length} batches`,
    );
  }

  /**
   * Locks the accounts a batch changes, in the one order of docs/ledger.md ("Lock order"):
   * people's accounts by id, then the platform's by id. A transaction of several posts thus
   * takes the shared, busy platform accounts (house, fees) after every person's account it
   * needs, and two such transactions cannot wait on each other in a cycle. Its own statement,
   * before the write: locked inside the write's statement, the rows were not reliably locked
   * before the update reached them (a deadlock a second under 16 overlapping calls,
   * bench/overlapping-calls.ts). The lock is the balance update's own (no key update): a leg
   * naming an account it does not change takes a key share for its foreign key, which must
   * not wait on it.
   */
  private async lockAccounts(tx: Tx, ids: readonly number[]): Promise<void> {
    const rows = await tx.query<{ id: number }>(
      `select id from ledger_accounts where id = any($1)
        order by platform_key is not null, id for no key update`,
      [ids],
    );
    assert(rows.length === ids.length, () => `locked ${rows.length} of ${ids.length} accounts`);
  }

  /**
   * These user accounts' balances (accounts made on first use) in the asset's smallest unit, in
   * the order asked, read without a lock: a single writer decides from them what its commands
   * may spend, and takes every lock at once when it posts (`postMany`). Locking them here, and
   * the rest later, could deadlock with another transfer locking the same accounts in id
   * order; money spent elsewhere meanwhile makes the post fail its no-negative check instead.
   */
  async balancesOf(
    tx: Tx,
    book: Book,
    accounts: readonly { user: number; purpose: 'available' | 'held'; asset: string }[],
  ): Promise<bigint[]> {
    if (accounts.length === 0) return [];
    const ids: number[] = [];
    for (const a of accounts) {
      ids.push(await this.accountId(tx, { user: a.user, purpose: a.purpose }, a.asset, book));
    }
    const rows = await tx.query<{ id: number; balance: string }>(
      'select id, balance::text from ledger_accounts where id = any($1)',
      [ids],
    );
    const balances = new Map(rows.map((r) => [Number(r.id), r.balance]));
    return accounts.map((a, i) => {
      const balance = balances.get(ids[i] as number);
      assert(balance !== undefined, () => `account ${ids[i]} vanished`);
      return toUnits(balance, this.scaleOf(a.asset));
    });
  }

  /** A request checked and its accounts resolved: what `post` and `postMany` write. */
  private async resolve(tx: Tx, req: TransferRequest, maxLegs = MAX_LEGS) {
    if (req.key.length < 8 || req.key.length > 200) throw new LedgerError('invalid_key');
    if (req.legs.length === 0 || req.legs.length > maxLegs) throw new LedgerError('invalid_amount');
    for (const leg of req.legs) if (leg.amount <= 0n) throw new LedgerError('invalid_amount');
    const scale = this.scaleOf(req.asset);
    const hash = bodyHash(req);
    // Every unit leaving an account arrives in another of the same asset and book.
    const net = new Map<number, bigint>();
    const legs = legColumns();
    for (const leg of req.legs) {
      const from = await this.accountId(tx, leg.from, req.asset, req.book);
      const to = await this.accountId(tx, leg.to, req.asset, req.book);
      net.set(from, (net.get(from) ?? 0n) - leg.amount);
      net.set(to, (net.get(to) ?? 0n) + leg.amount);
      legs.from.push(from);
      legs.to.push(to);
      legs.amount.push(fromUnits(leg.amount, scale));
      legs.kind.push(leg.kind);
      legs.reference.push(leg.reference ?? null);
      legs.tickCode.push(leg.tick?.code ?? null);
      legs.tickPrice.push(leg.tick?.price ?? null);
      legs.tickTs.push(leg.tick === undefined ? null : new Date(leg.tick.ts).toISOString());
    }
    const total = [...net.values()].reduce((sum, delta) => sum + delta, 0n);
    return { scale, hash, net, legs, total };
  }

  /**
   * Resolves, in one statement, the user accounts of many batches that are not known yet (a
   * daily job paying 100,000 people would otherwise look each one up on its own). Only the
   * missing ones are inserted: a conflicting insert of every existing account cost a daily
   * job a second per 100,000 people.
   */
  private async prefetchUsers(tx: Tx, reqs: readonly TransferRequest[]): Promise<void> {
    const wanted = new Map<string, { user: number; purpose: string; asset: string; book: Book }>();
    const pending = this.pending.get(tx);
    for (const req of reqs) {
      for (const leg of req.legs) {
        for (const ref of [leg.from, leg.to]) {
          if (!('user' in ref)) continue;
          const key = `u${ref.user}:${ref.purpose}:${req.asset}:${req.book}`;
          if (this.ids.has(key) || pending?.has(key)) continue;
          wanted.set(key, {
            user: ref.user,
            purpose: ref.purpose,
            asset: req.asset,
            book: req.book,
          });
        }
      }
    }
    if (wanted.size === 0) return;
    const list = [...wanted.values()];
    const rows = await tx.query<{
      id: number;
      user_id: number;
      purpose: string;
      asset: string;
      book: Book;
    }>(
      `with wanted as (
         select * from unnest($1::bigint[], $2::text[], $3::text[], $4::text[])
           as w(user_id, purpose, asset, book)
       ), found as (
         select a.id, a.user_id, a.purpose, a.asset, a.book from ledger_accounts a
           join wanted w on a.user_id = w.user_id and a.asset = w.asset and a.book = w.book
                        and a.purpose = w.purpose
       ), made as (
         insert into ledger_accounts (user_id, asset, book, purpose)
         select w.user_id, w.asset, w.book, w.purpose from wanted w
          where not exists (select 1 from found f where f.user_id = w.user_id
                              and f.purpose = w.purpose and f.asset = w.asset and f.book = w.book)
          order by w.user_id
         on conflict do nothing returning id, user_id, purpose, asset, book
       )
       select id, user_id, purpose, asset, book from found
       union all
       select id, user_id, purpose, asset, book from made`,
      [
        list.map((w) => w.user),
        list.map((w) => w.purpose),
        list.map((w) => w.asset),
        list.map((w) => w.book),
      ],
    );
    let map = pending;
    if (map === undefined) this.pending.set(tx, (map = new Map()));
    for (const r of rows) map.set(`u${r.user_id}:${r.purpose}:${r.asset}:${r.book}`, Number(r.id));
  }

  /** A platform account's balance (a reserve's, to show and to check what it covers). */
  async platformBalance(
    tx: Queryable,
    account: PlatformAccount,
    asset: string,
    book: Book,
  ): Promise<bigint> {
    const [row] = await tx.query<{ balance: string }>(
      'select balance::text from ledger_accounts where platform_key = $1 and asset = $2 and book = $3',
      [account, asset, book],
    );
    return row === undefined ? 0n : toUnits(row.balance, this.scaleOf(asset));
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
