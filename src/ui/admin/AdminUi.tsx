import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminFieldCodes, type userSummary } from '../../../contract/admin/schemas.ts';
import type { FundingStatus } from '../../../contract/funds/schemas.ts';
import { validate, type FieldCodeMap } from '../../../contract/validate.ts';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { Pager as SharedPager } from '../Pager.tsx';
import { StatusBadge as SharedStatusBadge } from '../StatusBadge.tsx';

// The back office's building blocks, shared by the admin shell (src/app/admin) and every
// feature's admin screens (src/features/<capability>/admin), all in the admin namespace.

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

/**
 * A table that, on a phone, folds each row into a card of label/value lines (the labels come
 * from the column headers), so nothing needs sideways scrolling.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  testId,
  rowTestId,
  empty,
  fold = true,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  testId: string;
  rowTestId?: string;
  empty: string;
  /** False for a few narrow columns that fit a phone as a table. */
  fold?: boolean;
}) {
  if (rows.length === 0) {
    return (
      <p className="admin-empty muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <div className="admin-table-wrap">
      <table className={fold ? 'admin-table admin-fold' : 'admin-table'} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.numeric === true ? 'admin-num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} data-key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.id}
                  data-label={c.header}
                  data-col={c.id}
                  className={c.numeric === true ? 'admin-num' : undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The shared pager in the back office's words and spacing. */
export function Pager(props: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <SharedPager
      {...props}
      className="admin-pager"
      labels={{
        label: t('pager.label'),
        previous: t('pager.previous'),
        next: t('pager.next'),
        status: (pages) => t('pager.status', { page: props.page, pages }),
      }}
    />
  );
}

export function ErrorAlert({ error, testId }: { error: unknown; testId?: string }) {
  const { t } = useTranslation('admin');
  if (error === null || error === undefined) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {typeof error === 'string' ? error : errorMessage(t, error)}
    </div>
  );
}

export function StatusBadge({ status }: { status: FundingStatus }) {
  const { t } = useTranslation('admin');
  return (
    <SharedStatusBadge
      status={status}
      label={t(`status.${status}`)}
      className={`admin-status admin-status-${status}`}
    />
  );
}

/** A user account's state (active or disabled). */
export function UserStatus({ status }: { status: z.infer<typeof userSummary>['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`badge admin-user-${status}`} data-status={status}>
      {t(`userStatus.${status}`)}
    </span>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <h1 className="admin-page-title">{title}</h1>
      {children !== undefined && <div className="admin-page-actions">{children}</div>}
    </div>
  );
}

/**
 * One error line per form: checks the input with the contract's schema first (the same
 * catalogue message the server would give), then shows the server's refusal.
 */
export function useAdminForm() {
  const { t } = useTranslation('admin');
  const [error, setError] = useState<{ message: string; field: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    error,
    busy,
    clear: () => setError(null),
    fieldError: (field: string) => (error?.field === field ? error.message : undefined),
    /** The error when no field on screen shows it. */
    formError: (fields: readonly string[]) =>
      error === null || (error.field !== undefined && fields.includes(error.field))
        ? null
        : error.message,
    fail(err: unknown) {
      const field = err instanceof ApiError ? (err.detail?.field ?? undefined) : undefined;
      setError({ message: errorMessage(t, err), field });
    },
    failMessage(message: string, field?: string) {
      setError({ message, field });
    },
    failCode(code: number, field?: string) {
      setError({ message: t(`errors:${code}`), field });
    },
    /** `fields`: the call's own field codes when they are not the back office's (plans, loans). */
    check<S extends z.ZodType>(
      schema: S,
      input: unknown,
      fields: FieldCodeMap = adminFieldCodes,
    ): z.output<S> | null {
      const v = validate(schema, fields, input);
      if (v.ok) return v.data;
      setError({ message: t(`errors:${v.code}`), field: v.field });
      return null;
    },
    async run(send: () => Promise<void>): Promise<void> {
      setBusy(true);
      try {
        await send();
      } catch (err) {
        const field = err instanceof ApiError ? (err.detail?.field ?? undefined) : undefined;
        setError({ message: errorMessage(t, err), field });
      } finally {
        setBusy(false);
      }
    },
  };
}
export type AdminForm = ReturnType<typeof useAdminForm>;

/**
 * The reason a staff change needs (kept in the audit log), with the form's error beside it
 * when it is about the reason.
 */
export function ReasonField({
  id,
  value,
  onChange,
  error,
  testId,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Names the input `<testId>-input` and its error `<testId>-error`. */
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('params.reason')}
      </label>
      <input
        id={id}
        className="input"
        value={value}
        maxLength={500}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('params.reasonPlaceholder')}
        aria-invalid={error === undefined ? undefined : true}
        data-testid={testId === undefined ? undefined : `${testId}-input`}
      />
      {error !== undefined && (
        <span
          className="field-error"
          role="alert"
          data-testid={testId === undefined ? undefined : `${testId}-error`}
        >
          {error}
        </span>
      )}
    </div>
  );
}

/** A small edit form's Cancel and Save. */
export function SaveActions({
  busy,
  onCancel,
  saveTestId,
}: {
  busy: boolean;
  onCancel: () => void;
  saveTestId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-modal-actions">
      <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
        {t('cancel')}
      </button>
      <button
        type="submit"
        className="btn btn-primary btn-small"
        disabled={busy}
        data-testid={saveTestId}
      >
        {t('params.save')}
      </button>
    </div>
  );
}
