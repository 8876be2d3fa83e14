import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveCannedBody, supportFieldCodes } from '../../../../contract/support/schemas.ts';
import { roleMayCall, staffCall, staffSession } from '../../../api/staff-session.ts';
import { useStore } from '../../../state/store.ts';
import { ErrorAlert, PageHeader, ReasonField, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Figure } from '../../../ui/Figure.tsx';
import { SUPPORT_KEY, useCanned } from './console-queries.ts';
import './console.css';

/** A month's figures: first response, resolution, ratings (computed from the conversations). */
function Figures() {
  const { t } = useTranslation('admin');
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const figures = useQuery({
    queryKey: [...SUPPORT_KEY, 'figures', month],
    queryFn: () => staffCall('adminSupportFigures', { query: { month } }),
  });
  const minutes = (s: number | null | undefined) =>
    s == null ? '—' : t('support.minutes', { count: Math.round(s / 60) });
  return (
    <section className="card admin-card" data-testid="support-figures">
      <h2>{t('support.figures')}</h2>
      <input
        type="month"
        className="input console-month"
        aria-label={t('support.month')}
        value={month}
        onChange={(e) => setMonth(e.target.value)}
      />
      <ErrorAlert error={figures.error} />
      {figures.data !== undefined && (
        <dl className="admin-maker-figures">
          <Figure label={t('support.conversations')}>
            <span className="num">{figures.data.conversations}</span>
          </Figure>
          <Figure label={t('support.firstResponse')}>
            <span className="num">{minutes(figures.data.firstResponseMedian)}</span>
          </Figure>
          <Figure label={t('support.firstResponseP90')}>
            <span className="num">{minutes(figures.data.firstResponseP90)}</span>
          </Figure>
          <Figure label={t('support.resolution')}>
            <span className="num">{minutes(figures.data.resolutionMedian)}</span>
          </Figure>
          <Figure label={t('support.ratings', { count: figures.data.ratings })}>
            <span className="num" data-testid="support-rating-average">
              {figures.data.ratingAverage ?? '—'}
            </span>
          </Figure>
        </dl>
      )}
    </section>
  );
}

/** Adds a canned answer (admins), with the reason the audit log keeps. */
function CannedForm() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useAdminForm();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check(saveCannedBody, { title, text, reason }, supportFieldCodes);
    if (body === null) return;
    void form.run(async () => {
      queryClient.setQueryData(
        [...SUPPORT_KEY, 'canned'],
        await staffCall('adminSupportSaveCanned', { body }),
      );
      setTitle('');
      setText('');
      setReason('');
    });
  }
  return (
    <form className="console-canned-form" onSubmit={submit} data-testid="canned-form">
      <label className="field-label" htmlFor="canned-title">
        {t('support.cannedTitle')}
      </label>
      <input
        id="canned-title"
        className="input"
        maxLength={80}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className="field-label" htmlFor="canned-text">
        {t('support.cannedText')}
      </label>
      <textarea
        id="canned-text"
        className="input"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <ReasonField
        id="canned-reason"
        value={reason}
        onChange={setReason}
        error={form.fieldError('reason')}
      />
      {form.formError(['reason']) !== null && (
        <p className="alert alert-error" role="alert">
          {form.formError(['reason'])}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-small" disabled={form.busy}>
        {t('support.addCanned')}
      </button>
    </form>
  );
}

/** /admin/support/tools: canned answers (kept by admins) and the month's figures. */
export default function ToolsPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStore(staffSession);
  const queryClient = useQueryClient();
  const canned = useCanned();
  const mayEdit = staff !== null && roleMayCall(staff.role, 'adminSupportSaveCanned');
  const removal = useAdminForm();
  const remove = (id: number) =>
    removal.run(async () => {
      const body = { id, reason: t('support.removedReason') };
      const list = await staffCall('adminSupportDeleteCanned', { body });
      queryClient.setQueryData([...SUPPORT_KEY, 'canned'], list);
    });
  return (
    <div className="admin-page" data-testid="support-tools">
      <PageHeader title={t('support.toolsTitle')} />
      <Figures />
      <section className="card admin-card" data-testid="canned-list">
        <h2>{t('support.cannedAnswers')}</h2>
        <ErrorAlert error={canned.error} />
        {removal.error !== null && (
          <p className="alert alert-error" role="alert">
            {removal.error.message}
          </p>
        )}
        {canned.isPending ? (
          <Spinner />
        ) : (
          <ul className="console-canned">
            {canned.data?.map((a) => (
              <li key={a.id}>
                <strong>{a.title}</strong>
                <p className="chat-text">{a.text}</p>
                {mayEdit && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => void remove(a.id)}
                  >
                    {t('support.removeCanned')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {mayEdit && <CannedForm />}
      </section>
    </div>
  );
}
