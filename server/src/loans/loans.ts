import { createHash } from 'node:crypto';
import type { Book } from '../../../contract/envelope.ts';
import { Code } from '../../../contract/errors.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../contract/languages.ts';
import {
  AGREEMENT_CLAUSES,
  LOAN_AGREEMENT_VERSION,
  type Loan,
  type LoanBody,
  type LoanFiguresView,
} from '../../../contract/loans/schemas.ts';
import { loanFigures } from '../../../contract/loans/terms.ts';
import { assert } from '../assert.ts';
import { AppError } from '../errors.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { trimDecimal, USDT_SCALE } from '../money/amounts.ts';
import { fromUnits, toUnits } from '../money/decimal.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import type { Queryable, Tx } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import { imageForPrint } from '../platform/files/print-image.ts';
import { addDays, localDate } from '../platform/jobs/slots.ts';
import { firstOfTwins, replayOf, requestHash } from '../platform/request-replay.ts';

import { loanSignatureKind } from './files.ts';
import { withLoanCodes } from './loan-errors.ts';
import type { LoanProductRow, LoanProducts } from './products.ts';
import { LENDING, loansKey } from './transfers.ts';
import { agreementPdf, SIGNATURE_BOX } from './pdf.ts';
import { LOAN_COLUMNS, loanView, owedOf, termsOf, type LoanRow } from './view.ts';

/** What loans need of identity verification (the kyc capability). */
export interface LoanIdentity {
  status(userId: number): Promise<'none' | 'pending' | 'verified' | 'rejected'>;
  /** The name on the person's verified identity (null: none verified). */
  legalName(userId: number): Promise<{ firstName: string; lastName: string } | null>;
}

export interface LoanParams {
  get(key: 'kyc_loan_max_verified'): Promise<string>;
}

const usdt = (units: bigint) => trimDecimal(fromUnits(units, USDT_SCALE));

/**
 * People's loans (docs/loans.md): the agreement and its figures, an application signed on
 * screen, its repayment. Staff's decision is review.ts's; the days' interest is daily.ts's.
 */
export class Loans {
  constructor(
    readonly db: Queryable,
    private readonly ledger: Ledger,
    private readonly files: Files,
    private readonly products: LoanProducts,
    private readonly identity: LoanIdentity,
    private readonly params: LoanParams,
    readonly timeZone: string,
    private readonly now: () => number,
  ) {}

  /** The largest loan the person's identity level allows (null: verification needed). */
  async personalMax(userId: number | undefined): Promise<string | null> {
    if (userId === undefined || (await this.identity.status(userId)) !== 'verified') return null;
    const cap = await this.params.get('kyc_loan_max_verified');
    return cap === '' ? null : cap;
  }

  /** Verified identity, an open product, a term it offers, an amount in range and cap. */
  private async checked(userId: number, productId: number, amount: string, termDays: number) {
    const status = await this.identity.status(userId);
    if (status === 'pending') throw new AppError(Code.verificationUnderReview);
    if (status !== 'verified') throw new AppError(Code.notVerified);
    const product = await this.products.row(this.db, productId);
    if (product === undefined || product.status !== 'open') {
      throw new AppError(Code.notFound, { field: 'productId' });
    }
    if (!product.terms.map(Number).includes(termDays)) {
      throw new AppError(Code.loanTermWrong, { field: 'termDays' });
    }
    const units = toUnits(amount, USDT_SCALE);
    const cap = await this.params.get('kyc_loan_max_verified');
    const inRange =
      units >= toUnits(product.min_amount, USDT_SCALE) &&
      units <= toUnits(product.max_amount, USDT_SCALE) &&
      (cap === '' || units <= toUnits(cap, USDT_SCALE));
    if (!inRange) throw new AppError(Code.amountInvalid, { field: 'amount' });
    return { product, units };
  }

  figures(product: LoanProductRow, units: bigint, termDays: number): LoanFiguresView {
    const terms = termsOf(product, termDays);
    const f = loanFigures(units, terms);
    const today = localDate(this.now(), this.timeZone);
    return {
      amount: usdt(units),
      termDays,
      dailyRatePercent: trimDecimal(product.daily_rate),
      annualPercent: f.annualPercent,
      freeDays: product.free_days,
      totalInterest: usdt(f.totalInterest),
      totalRepay: usdt(f.totalRepay),
      overdueRatePercent: trimDecimal(product.overdue_rate),
      dailyDamages: usdt(f.dailyDamages),
      repayBy: addDays(today, termDays),
    };
  }

  async agreement(userId: number, q: { productId: number; amount: string; termDays: number }) {
    const { product, units } = await this.checked(userId, q.productId, q.amount, q.termDays);
    return {
      version: LOAN_AGREEMENT_VERSION,
      productName: product.name,
      clauses: [...AGREEMENT_CLAUSES],
      figures: this.figures(product, units, q.termDays),
    };
  }

  async apply(userId: number, book: Book, body: LoanBody): Promise<Loan> {
    if (book !== 'real') throw new AppError(Code.demoNotAllowed);
    const hash = requestHash(book, body);
    const replayed = await this.byKey(userId, body.key, hash);
    if (replayed !== undefined) return this.view(replayed);
    const { product, units, figures } = await this.signedTerms(userId, body);
    const signatureSha = await this.signatureSha(userId, body.signature);
    const { value } = await firstOfTwins(
      () =>
        withLoanCodes(() =>
          this.ledger.atomically(async (tx) => {
            await lockPerson(tx, LockSpace.loanApplications, userId);
            // A statement of its own after the lock sees what a twin (same person, same key)
            // committed meanwhile: the twin's loan answers this request, not "a loan is open".
            const [twin] = await tx.query(
              'select 1 from loans where user_id = $1 and request_key = $2',
              [userId, body.key],
            );
            if (twin !== undefined) return null;
            const [open] = await tx.query(
              `select 1 from loans where user_id = $1 and status in ('pending', 'repaying', 'expired')`,
              [userId],
            );
            if (open !== undefined) throw new AppError(Code.loanOpen);
            const signed = {
              version: LOAN_AGREEMENT_VERSION,
              userId,
              productId: Number(product.id),
              productName: product.name,
              figures,
              language: body.language,
              signatureSha256: signatureSha,
              signedAt: new Date(this.now()).toISOString(),
            };
            const id = await this.insert(tx, { userId, hash, body, product, units, signed });
            return (await this.byId(tx, userId, id)) as LoanRow;
          }),
        ),
      () => this.byKey(userId, body.key, hash),
    );
    // null: the twin's loan, or 10134 if the twin asked something else.
    const made = value ?? (await this.byKey(userId, body.key, hash));
    assert(made !== undefined, 'a twin loan vanished');
    return this.view(made);
  }

  /**
   * The terms as applied for, checked against what the person was shown and signed: the
   * agreement's version and its figures (10204), then the lending account's room (10206).
   */
  private async signedTerms(userId: number, body: LoanBody) {
    const { product, units } = await this.checked(
      userId,
      body.productId,
      body.amount,
      body.termDays,
    );
    if (body.agreementVersion !== LOAN_AGREEMENT_VERSION) {
      throw new AppError(Code.agreementStale, { field: 'agreementVersion' });
    }
    const figures = this.figures(product, units, body.termDays);
    if (
      figures.totalRepay !== trimDecimal(body.figures.totalRepay) ||
      figures.totalInterest !== trimDecimal(body.figures.totalInterest)
    ) {
      throw new AppError(Code.agreementStale, { field: 'figures' });
    }
    const lending = await this.ledger.platformBalance(this.db, LENDING, 'USDT', 'real');
    if (lending < units) throw new AppError(Code.lendingShort);
    return { product, units, figures };
  }

  /** The person's own signature file (another's, or none: 10203), by its SHA-256. */
  private async signatureSha(userId: number, fileId: string): Promise<string> {
    const signature = await this.files
      .read(fileId, { userId }, loanSignatureKind.kind)
      .catch(() => {
        throw new AppError(Code.agreementNotSigned, { field: 'signature' });
      });
    return createHash('sha256').update(signature.bytes).digest('hex');
  }

  /** The application's row: the terms, what was signed, and the hash of the whole. */
  private async insert(
    tx: Tx,
    a: {
      userId: number;
      hash: string;
      body: LoanBody;
      product: LoanProductRow;
      units: bigint;
      signed: { signatureSha256: string };
    },
  ): Promise<number> {
    const agreementHash = createHash('sha256').update(JSON.stringify(a.signed)).digest('hex');
    const [row] = await tx.query<{ id: number }>(
      `insert into loans (user_id, product_id, request_key, body_hash, amount, term_days,
         daily_rate, free_days, overdue_rate, agreement_version, figures, signature_id,
         signature_sha256, agreement_hash, language, status, applied_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'pending', $16)
       returning id`,
      [
        a.userId,
        a.product.id,
        a.body.key,
        a.hash,
        fromUnits(a.units, USDT_SCALE),
        a.body.termDays,
        a.product.daily_rate,
        a.product.free_days,
        a.product.overdue_rate,
        LOAN_AGREEMENT_VERSION,
        JSON.stringify(a.signed),
        a.body.signature,
        a.signed.signatureSha256,
        agreementHash,
        a.body.language,
        new Date(this.now()),
      ],
    );
    assert(row !== undefined, 'loan insert returned no row');
    return Number(row.id);
  }

  /** Repays in full: principal to the lending account, interest and damages to fees. */
  async repay(userId: number, id: number): Promise<Loan> {
    const row = await withLoanCodes(() =>
      this.ledger.atomically(async (tx) => {
        const loan = await this.byId(tx, userId, id, true);
        if (loan === undefined) throw new AppError(Code.notFound, { field: 'id' });
        if (loan.status !== 'repaying' && loan.status !== 'expired') {
          throw new AppError(Code.loanNotRepayable, { field: 'id' });
        }
        const { principal, interest, damages, owed } = owedOf(loan);
        const from = { user: userId, purpose: 'available' } as const;
        const parts = [
          { to: { platform: LENDING }, amount: principal, kind: 'loan_principal_repaid' as const },
          { to: { platform: 'fees' as const }, amount: interest, kind: 'loan_interest' as const },
          { to: { platform: 'fees' as const }, amount: damages, kind: 'loan_damages' as const },
        ].filter((p) => p.amount > 0n);
        await this.ledger.post(tx, {
          key: loansKey.repay(id),
          asset: 'USDT',
          book: 'real',
          legs: parts.map((p) => ({
            from,
            to: p.to,
            amount: p.amount,
            kind: p.kind,
            reference: `loan:${id}`,
          })),
        });
        await tx.query(
          `update loans set status = 'repaid', repaid_amount = $2, repaid_at = $3 where id = $1`,
          [id, fromUnits(owed, USDT_SCALE), new Date(this.now())],
        );
        return this.byId(tx, userId, id);
      }),
    );
    assert(row !== undefined, 'loan vanished');
    return this.view(row);
  }

  async list(userId: number, q: { status?: Loan['status']; page: number; size: number }) {
    const rows = await this.db.query<LoanRow>(
      `select ${LOAN_COLUMNS} where l.user_id = $1 and ($2::text is null or l.status = $2)
        order by l.id desc limit $3 offset $4`,
      [userId, q.status ?? null, q.size, (q.page - 1) * q.size],
    );
    const [count] = await this.db.query<{ n: number }>(
      'select count(*)::int as n from loans where user_id = $1 and ($2::text is null or status = $2)',
      [userId, q.status ?? null],
    );
    return { list: rows.map((r) => this.view(r)), total: count?.n ?? 0 };
  }

  async get(userId: number, id: number): Promise<Loan> {
    const row = await this.byId(this.db, userId, id);
    if (row === undefined) throw new AppError(Code.notFound, { field: 'id' });
    return this.view(row);
  }

  async byId(
    q: Queryable | Tx,
    userId: number,
    id: number,
    lock = false,
  ): Promise<LoanRow | undefined> {
    const [row] = await q.query<LoanRow>(
      `select ${LOAN_COLUMNS} where l.id = $1 and l.user_id = $2 ${lock ? 'for no key update of l' : ''}`,
      [id, userId],
    );
    return row;
  }

  private async byKey(userId: number, key: string, hash: string) {
    const [row] = await this.db.query<LoanRow>(
      `select ${LOAN_COLUMNS} where l.user_id = $1 and l.request_key = $2`,
      [userId, key],
    );
    return replayOf(row, hash);
  }

  view(r: LoanRow): Loan {
    return loanView(r);
  }

  /**
   * One of the person's loans as its signed agreement, a PDF in the language they signed in
   * (pdf.ts). The signature is read through the files kernel as the type it is stored as,
   * whatever was uploaded (JPEG, PNG, JPEG 2000), scaled to its box on the page.
   */
  async agreementPdf(userId: number, id: number, username: string): Promise<Uint8Array> {
    const row = await this.byId(this.db, userId, id);
    if (row === undefined) throw new AppError(Code.notFound, { field: 'id' });
    const stored =
      row.signature_id === null
        ? null
        : await this.files.read(row.signature_id, { userId }, loanSignatureKind.kind);
    const { width, height } = SIGNATURE_BOX;
    // Three pixels a point: the signature prints sharp, the PDF stays small.
    const signature = stored === null ? null : await imageForPrint(stored, width * 3, height * 3);
    const name = await this.identity.legalName(userId);
    return agreementPdf({
      loan: this.view(row),
      language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
      signedAt: row.figures.signedAt,
      signatureSha256: row.signature_sha256,
      timeZone: this.timeZone,
      borrower: { name: name && `${name.firstName} ${name.lastName}`, username, userId },
      signature,
    });
  }
}
