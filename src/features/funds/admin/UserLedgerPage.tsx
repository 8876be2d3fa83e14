import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { adjustBody } from '../../../../contract/admin/schemas.ts';
import type { Book } from '../../../../contract/envelope.ts';
import { Code } from '../../../../contract/errors.ts';
import {
  ASSETS,
  fitsScale,
  FUNDS_LIMITS,
  type Asset,
  type AssetBalance,
  type Transaction,
} from '../../../../contract/funds/schemas.ts';
import { ApiError } from '../../../api/client.ts';
import { ADMIN_KEY, roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { newRequestKey } from '../../../lib/request-key.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useStore } from '../../../state/store.ts';
import {
  DataTable,
  ErrorAlert,
  PageHeader,
  Pager,
  useAdminForm,
  UserStatus,
  type Column,
} from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { TextField } from '../../../ui/TextField.tsx';

const BOOKS = ['real', 'demo'] as const satisfies readonly Book[];
const PAGE_SIZE = 20;

function signClass(amount: string): string {
  return amount.startsWith('-') ? 'down' : /[1-9]/.test(amount) ? 'up' : 'muted';
}

/** One user: book switch, balances, ledger movements and (admin only) a manual adjustment. */
export default function UserLedgerPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const { id = '' } = useParams();
  const userId = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const [params, setParams] = useSearchParams();
  const book: Book = params.get('book') === 'demo' ? 'demo' : 'real';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const ledger = useQuery({
    queryKey: [ADMIN_KEY, 'ledger', userId, book, page],
    queryFn: () =>
      staffCall('getUserLedger', { query: { userId: userId ?? 0, book, page, size: PAGE_SIZE } }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

  function go(next: { book?: Book; page?: number }) {
    const q = new URLSearchParams();
    const b = next.book ?? book;
    const p = next.page ?? 1;
    if (b !== 'real') q.set('book', b);
    if (p > 1) q.set('page', String(p));
    setParams(q);
  }

  const balanceColumns: Column<AssetBalance>[] = [
    { id: 'asset', header: t('ledger.col.asset'), cell: (b) => <strong>{b.asset}</strong> },
    {
      id: 'available',
      header: t('ledger.col.available'),
      numeric: true,
      cell: (b) => <span className="num">{formatDecimal(b.available)}</span>,
    },
    {
      id: 'frozen',
      header: t('ledger.col.frozen'),
      numeric: true,
      cell: (b) => <span className="num">{formatDecimal(b.frozen)}</span>,
    },
    {
      id: 'total',
      header: t('ledger.col.total'),
      numeric: true,
      cell: (b) => <span className="num">{formatDecimal(b.total)}</span>,
    },
    {
      id: 'usdt',
      header: t('ledger.col.usdtValue'),
      numeric: true,
      cell: (b) => <span className="num">{formatDecimal(b.usdtValue)}</span>,
    },
  ];

  const movementColumns: Column<Transaction>[] = [
    { id: 'id', header: t('ledger.col.id'), cell: (m) => <span className="num">#{m.id}</span> },
    {
      id: 'time',
      header: t('ledger.col.time'),
      cell: (m) => <span className="admin-nowrap">{formatDateTime(m.createdAt)}</span>,
    },
    { id: 'asset', header: t('ledger.col.asset'), cell: (m) => m.asset },
    {
      id: 'kind',
      header: t('ledger.col.kind'),
      cell: (m) => t(`kind.${m.kind}`, { defaultValue: m.kind }),
    },
    { id: 'purpose', header: t('ledger.col.account'), cell: (m) => t(`purpose.${m.purpose}`) },
    {
      id: 'amount',
      header: t('ledger.col.amount'),
      numeric: true,
      cell: (m) => <span className={`num ${signClass(m.amount)}`}>{formatDecimal(m.amount)}</span>,
    },
    {
      id: 'reference',
      header: t('ledger.col.reference'),
      cell: (m) => <span className="muted">{m.reference ?? '—'}</span>,
    },
  ];

  if (userId === null) {
    return (
      <div className="admin-page">
        <ErrorAlert error={t(`errors:${Code.noMatchingUser}`)} />
        <BackToUsers />
      </div>
    );
  }

  const data = ledger.data;
  return (
    <div className="admin-page" data-testid="user-detail">
      <BackToUsers />
      {ledger.isPending ? (
        <Spinner />
      ) : data === undefined ? (
        <ErrorAlert error={ledger.error} />
      ) : (
        <>
          <PageHeader title={data.user.username}>
            <UserStatus status={data.user.status} />
          </PageHeader>
          <dl className="admin-facts card" data-testid="user-facts">
            <div>
              <dt>{t('users.col.id')}</dt>
              <dd className="num">#{data.user.id}</dd>
            </div>
            <div>
              <dt>{t('users.col.email')}</dt>
              <dd>{data.user.email ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('users.col.phone')}</dt>
              <dd className="num">{data.user.phone ?? '—'}</dd>
            </div>
            <div>
              <dt>{t('users.col.created')}</dt>
              <dd>{formatDateTime(data.user.createdAt)}</dd>
            </div>
          </dl>
          <ErrorAlert error={ledger.error} />
          <div className="tabs admin-filter" role="tablist" aria-label={t('ledger.book')}>
            {BOOKS.map((b) => (
              <button
                key={b}
                type="button"
                role="tab"
                className="tab"
                aria-selected={b === book}
                onClick={() => go({ book: b })}
                data-testid={`book-${b}`}
              >
                {t(`book.${b}`)}
              </button>
            ))}
          </div>
          <section className="card admin-card">
            <h2 className="admin-section-title">{t('ledger.balances')}</h2>
            <DataTable
              columns={balanceColumns}
              rows={data.balances}
              rowKey={(b) => b.asset}
              testId="balances-table"
              rowTestId="balance-row"
              fold={false}
              empty={t('ledger.noBalances')}
            />
          </section>
          {staff !== null && roleMayCall(staff.role, 'adjustBalance') && (
            <AdjustForm key={book} userId={userId} book={book} balances={data.balances} />
          )}
          <section className="card admin-card">
            <h2 className="admin-section-title">{t('ledger.movements')}</h2>
            <DataTable
              columns={movementColumns}
              rows={data.list}
              rowKey={(m) => `${m.id}-${m.purpose}`}
              testId="movements-table"
              rowTestId="movement-row"
              empty={t('ledger.noMovements')}
            />
            <Pager
              page={page}
              total={data.total}
              size={PAGE_SIZE}
              onPage={(p) => go({ page: p })}
            />
          </section>
        </>
      )}
    </div>
  );
}

function BackToUsers() {
  const { t } = useTranslation('admin');
  return (
    <Link to="/admin/users" className="link admin-back">
      {t('users.back')}
    </Link>
  );
}

/**
 * A manual credit or debit: the server journals it against the house account with the reason
 * and writes the audit entry. Each submission carries a fresh request key; a retry of the same
 * submission after a lost answer reuses it, so the money moves once.
 */
function AdjustForm({
  userId,
  book: shownBook,
  balances,
}: {
  userId: number;
  book: Book;
  balances: readonly AssetBalance[];
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useAdminForm();
  const directionName = useId();
  const reasonId = useId();
  const [asset, setAsset] = useState<Asset>('USDT');
  const [book, setBook] = useState<Book>(shownBook);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  /** The key of a submission whose answer never came, with what it asked. */
  const pending = useRef<{ key: string; request: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    setDone(null);
    const fields = { userId, asset, book, direction, amount: amount.trim(), reason };
    const request = JSON.stringify(fields);
    const key = pending.current?.request === request ? pending.current.key : newRequestKey();
    const body = form.check(adjustBody, { ...fields, key });
    if (body === null) return;
    if (!fitsScale(body.amount, body.asset)) {
      form.failCode(Code.amountInvalid, 'amount');
      return;
    }
    pending.current = { key, request };
    await form.run(async () => {
      try {
        const balance = await staffCall('adjustBalance', { body });
        pending.current = null;
        setDone(
          t(direction === 'credit' ? 'adjust.credited' : 'adjust.debited', {
            amount: body.amount,
            asset: body.asset,
            book: t(`book.${body.book}`),
            available: balance.available,
          }),
        );
        setAmount('');
        setReason('');
        await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'ledger', userId] });
      } catch (err) {
        // Only a lost answer (timeout, network) may have moved money: keep its key for the
        // retry. A refusal moved nothing, so the next submission gets a new key.
        const lost = err instanceof ApiError && (err.code === -1 || err.code === -2);
        if (!lost) pending.current = null;
        throw err;
      }
    });
  }

  const available = balances.find((b) => b.asset === asset)?.available;
  const formError = form.formError(['amount', 'reason']);
  return (
    <section className="card admin-card" data-testid="adjust-form">
      <h2 className="admin-section-title">{t('adjust.title')}</h2>
      <p className="muted admin-modal-text">{t('adjust.body')}</p>
      {done !== null && (
        <div className="alert alert-success" role="status" data-testid="adjust-done">
          {done}
        </div>
      )}
      {formError !== null && (
        <div className="alert alert-error" role="alert" data-testid="adjust-error">
          {formError}
        </div>
      )}
      <form onSubmit={submit} noValidate className="admin-form-grid">
        <div className="field">
          <label className="field-label" htmlFor={`${directionName}-asset`}>
            {t('adjust.asset')}
          </label>
          <select
            id={`${directionName}-asset`}
            className="select"
            value={asset}
            onChange={(e) => setAsset(e.target.value as Asset)}
            data-testid="adjust-asset"
          >
            {ASSETS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
          {book === shownBook && available !== undefined && (
            <span className="field-hint">
              {t('adjust.available', { amount: available, asset })}
            </span>
          )}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${directionName}-book`}>
            {t('adjust.book')}
          </label>
          <select
            id={`${directionName}-book`}
            className="select"
            value={book}
            onChange={(e) => setBook(e.target.value === 'demo' ? 'demo' : 'real')}
            data-testid="adjust-book"
          >
            {BOOKS.map((b) => (
              <option key={b} value={b}>
                {t(`book.${b}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="field admin-radio-group">
          <legend className="field-label">{t('adjust.direction')}</legend>
          {(['credit', 'debit'] as const).map((d) => (
            <label key={d} className="admin-radio">
              <input
                type="radio"
                name={directionName}
                value={d}
                checked={direction === d}
                onChange={() => setDirection(d)}
                data-testid={`adjust-${d}`}
              />
              {t(`adjust.${d}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('adjust.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={form.fieldError('amount')}
          data-testid="adjust-amount"
        />
        <div className="field admin-span">
          <label className="field-label" htmlFor={reasonId}>
            {t('adjust.reason')}
          </label>
          <textarea
            id={reasonId}
            className="input admin-textarea"
            value={reason}
            maxLength={FUNDS_LIMITS.reasonMax}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={form.fieldError('reason') === undefined ? undefined : true}
            data-testid="adjust-reason"
          />
          {form.fieldError('reason') !== undefined && (
            <span className="field-error" role="alert">
              {form.fieldError('reason')}
            </span>
          )}
        </div>
        <div className="admin-span">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={form.busy}
            data-testid="adjust-submit"
          >
            {t(direction === 'credit' ? 'adjust.submitCredit' : 'adjust.submitDebit')}
          </button>
        </div>
      </form>
    </section>
  );
}
