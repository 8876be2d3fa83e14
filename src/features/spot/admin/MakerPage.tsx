import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  setMakerSettingsBody,
  type MakerSettingsItem,
} from '../../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall } from '../../../api/staff-session.ts';
import { formatDecimal } from '../../../lib/format.ts';
import {
  ErrorAlert,
  PageHeader,
  ReasonField,
  SaveActions,
  useAdminForm,
} from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { Figure } from '../../../ui/Figure.tsx';

const MAKERS_KEY = [ADMIN_KEY, 'spotMakers'] as const;
const FIELDS = ['levels', 'spreadBps', 'stepBps', 'levelValue'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The platform market maker's settings on each spot pair: how many levels it quotes, how far
 * from the feed price, and what each level is worth. Each change needs a reason and lands in
 * the audit log; the maker quotes the new settings at its next round.
 */
export default function MakerPage() {
  const { t } = useTranslation('admin');
  const makers = useQuery({ queryKey: MAKERS_KEY, queryFn: () => staffCall('listSpotMakers') });
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <div className="admin-page" data-testid="maker-page">
      <PageHeader title={t('maker.title')} />
      <p className="muted admin-intro">{t('maker.intro')}</p>
      {saved !== null && (
        <div className="alert alert-success" role="status" data-testid="maker-saved">
          {t('maker.saved', { pair: saved })}
        </div>
      )}
      <ErrorAlert error={makers.error} />
      {makers.isPending ? (
        <Spinner />
      ) : (
        <ul className="admin-params" data-testid="maker-list">
          {makers.data?.list.map((m) => (
            <li key={m.code} className="card admin-param" data-testid={`maker-${m.code}`}>
              <div className="admin-param-head">
                <h2 className="admin-param-name">{m.symbol}</h2>
                {editing !== m.code && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => {
                      setSaved(null);
                      setEditing(m.code);
                    }}
                  >
                    {t('maker.edit')}
                  </button>
                )}
              </div>
              {editing === m.code ? (
                <MakerEditor
                  maker={m}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    setSaved(m.symbol);
                  }}
                />
              ) : (
                <dl className="admin-maker-figures">
                  {FIELDS.map((f) => (
                    <Figure
                      key={f}
                      label={t(`maker.field.${f}`, { quote: m.quote })}
                      testId={`maker-${f}`}
                      value={String(m[f])}
                    >
                      {f === 'levelValue' ? formatDecimal(m.levelValue) : m[f]}
                    </Figure>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MakerEditor({
  maker,
  onCancel,
  onSaved,
}: {
  maker: MakerSettingsItem;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useAdminForm();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    levels: String(maker.levels),
    spreadBps: String(maker.spreadBps),
    stepBps: String(maker.stepBps),
    levelValue: maker.levelValue,
  });
  const [reason, setReason] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    // Whole numbers are sent as numbers; anything else as typed, so the check names the field.
    const whole = (v: string) => (/^\d{1,4}$/.test(v) ? Number(v) : v);
    const body = form.check(setMakerSettingsBody, {
      code: maker.code,
      levels: whole(values.levels),
      spreadBps: whole(values.spreadBps),
      stepBps: whole(values.stepBps),
      levelValue: values.levelValue.trim(),
      reason,
    });
    if (body === null) return;
    await form.run(async () => {
      await staffCall('setSpotMaker', { body });
      await queryClient.invalidateQueries({ queryKey: MAKERS_KEY });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] });
      onSaved();
    });
  }

  const formError = form.formError([...FIELDS, 'reason']);
  return (
    <form onSubmit={submit} noValidate className="admin-param-form" data-testid="maker-form">
      {formError !== null && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      {FIELDS.map((f) => (
        <div className="field" key={f}>
          <label className="field-label" htmlFor={`${id}-${f}`}>
            {t(`maker.field.${f}`, { quote: maker.quote })}
          </label>
          <input
            id={`${id}-${f}`}
            className="input num"
            inputMode={f === 'levelValue' ? 'decimal' : 'numeric'}
            value={values[f]}
            maxLength={20}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            aria-invalid={form.fieldError(f) === undefined ? undefined : true}
            aria-describedby={`${id}-${f}-help`}
          />
          <span id={`${id}-${f}-help`} className="field-hint muted">
            {t(`maker.help.${f}`)}
          </span>
          {form.fieldError(f) !== undefined && (
            <span className="field-error" role="alert" data-testid={`maker-${f}-error`}>
              {form.fieldError(f)}
            </span>
          )}
        </div>
      ))}
      <ReasonField
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        error={form.fieldError('reason')}
      />
      <SaveActions busy={form.busy} onCancel={onCancel} saveTestId="maker-save" />
    </form>
  );
}
