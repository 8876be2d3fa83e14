import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { AuditEntry } from '../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall, staffFile } from '../../api/staff-session.ts';
import { formatDateTime } from '../../lib/time.ts';
import { DataTable, ErrorAlert, PageHeader, Pager, type Column } from '../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';

const PAGE_SIZE = 25;

/** A target such as `user:12` links to the user; others are shown as written. */
function Target({ target }: { target: string }) {
  const user = /^user:(\d+)$/.exec(target);
  if (user !== null) {
    return (
      <Link to={`/admin/users/${user[1]}`} className="link num">
        {target}
      </Link>
    );
  }
  return <code className="admin-code">{target}</code>;
}

/** Before/after values of an audit entry as one line of JSON. */
function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function Json({ value }: { value: unknown }) {
  const text = compactJson(value);
  return <code className={`admin-code admin-json${text === '—' ? ' muted' : ''}`}>{text}</code>;
}

/** The append-only log of staff actions, newest first, and its CSV export. */
export default function AuditPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const log = useQuery({
    queryKey: [ADMIN_KEY, 'audit', page],
    queryFn: () => staffCall('listAudit', { query: { page, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const blob = await staffFile('exportAudit');
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-log-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      // The browser has started the download; the URL is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<AuditEntry>[] = [
    {
      id: 'at',
      header: t('audit.col.at'),
      cell: (e) => <span className="admin-nowrap">{formatDateTime(e.at)}</span>,
    },
    {
      id: 'staff',
      header: t('audit.col.staff'),
      cell: (e) =>
        e.staffUsername === null ? (
          <span className="muted">{t('audit.system')}</span>
        ) : (
          <span className="admin-nowrap">{e.staffUsername}</span>
        ),
    },
    {
      id: 'action',
      header: t('audit.col.action'),
      cell: (e) => (
        <span className="admin-stack">
          <span>{t(`action.${e.action}`, { defaultValue: e.action })}</span>
          <code className="admin-code muted">{e.action}</code>
        </span>
      ),
    },
    { id: 'target', header: t('audit.col.target'), cell: (e) => <Target target={e.target} /> },
    { id: 'before', header: t('audit.col.before'), cell: (e) => <Json value={e.before} /> },
    { id: 'after', header: t('audit.col.after'), cell: (e) => <Json value={e.after} /> },
    {
      id: 'reason',
      header: t('audit.col.reason'),
      cell: (e) => (e.reason === null ? <span className="muted">—</span> : e.reason),
    },
  ];

  return (
    <div className="admin-page" data-testid="audit-page">
      <PageHeader title={t('audit.title')}>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => void exportCsv()}
          disabled={exporting}
          data-testid="audit-export"
        >
          {t('audit.export')}
        </button>
      </PageHeader>
      <p className="muted admin-intro">{t('audit.intro')}</p>
      <ErrorAlert error={exportError} testId="audit-export-error" />
      <ErrorAlert error={log.error} />
      {log.isPending ? (
        <Spinner />
      ) : log.data === undefined ? null : (
        <section className="card admin-card">
          <p className="muted admin-count">{t('audit.total', { count: log.data.total })}</p>
          <DataTable
            columns={columns}
            rows={log.data.list}
            rowKey={(e) => e.id}
            testId="audit-table"
            rowTestId="audit-row"
            empty={t('audit.empty')}
          />
          <Pager
            page={page}
            total={log.data.total}
            size={PAGE_SIZE}
            onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </section>
      )}
    </div>
  );
}
