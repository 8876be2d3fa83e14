import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { setParamBody, type paramItem } from '../../../../contract/admin/schemas.ts';
import { ADMIN_KEY, staffCall } from '../../../api/staff-session.ts';
import { formatDateTime } from '../../../lib/time.ts';
import {
  ErrorAlert,
  PageHeader,
  ReasonField,
  SaveActions,
  useAdminForm,
} from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';

type Param = z.infer<typeof paramItem>;
const PARAMS_KEY = [ADMIN_KEY, 'params'] as const;

/** The parameters staff may change; each change needs a reason and lands in the audit log. */
export default function ParamsPage() {
  const { t } = useTranslation('admin');
  const params = useQuery({ queryKey: PARAMS_KEY, queryFn: () => staffCall('listParams') });
  const [editing, setEditing] = useState<Param['key'] | null>(null);
  const [saved, setSaved] = useState<Param['key'] | null>(null);

  return (
    <div className="admin-page" data-testid="params-page">
      <PageHeader title={t('params.title')} />
      <p className="muted admin-intro">{t('params.intro')}</p>
      {saved !== null && (
        <div className="alert alert-success" role="status" data-testid="param-saved">
          {t('params.saved', { name: t(`params.name.${saved}`) })}
        </div>
      )}
      <ErrorAlert error={params.error} />
      {params.isPending ? (
        <Spinner />
      ) : (
        <ul className="admin-params" data-testid="params-list">
          {params.data?.list.map((p) => (
            <li key={p.key} className="card admin-param" data-testid={`param-${p.key}`}>
              <div className="admin-param-head">
                <div>
                  <h2 className="admin-param-name">{t(`params.name.${p.key}`)}</h2>
                  <code className="admin-code muted">{p.key}</code>
                </div>
                {editing !== p.key && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => {
                      setSaved(null);
                      setEditing(p.key);
                    }}
                    data-testid="param-edit"
                  >
                    {t('params.edit')}
                  </button>
                )}
              </div>
              <p className="muted admin-param-help">{t(`params.help.${p.key}`)}</p>
              {editing === p.key ? (
                <ParamEditor
                  param={p}
                  onCancel={() => setEditing(null)}
                  onSaved={() => {
                    setEditing(null);
                    setSaved(p.key);
                  }}
                />
              ) : (
                <div className="admin-param-value">
                  <span className="num admin-break" data-testid="param-value">
                    {p.value}
                  </span>
                  <span className="muted">
                    {t('params.updated', { at: formatDateTime(p.updatedAt) })}
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ParamEditor({
  param,
  onCancel,
  onSaved,
}: {
  param: Param;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useAdminForm();
  const id = useId();
  const [value, setValue] = useState(param.value);
  const [reason, setReason] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    // The server reads a value exactly as sent (an amount's rule takes no spaces).
    const body = form.check(setParamBody, { key: param.key, value: value.trim(), reason });
    if (body === null) return;
    await form.run(async () => {
      await staffCall('setParam', { body });
      await queryClient.invalidateQueries({ queryKey: PARAMS_KEY });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'audit'] });
      onSaved();
    });
  }

  const formError = form.formError(['value', 'reason']);
  return (
    <form onSubmit={submit} noValidate className="admin-param-form" data-testid="param-form">
      {formError !== null && (
        <div className="alert alert-error" role="alert">
          {formError}
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-value`}>
          {t('params.value')}
        </label>
        <input
          id={`${id}-value`}
          className="input"
          value={value}
          maxLength={300}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={form.fieldError('value') === undefined ? undefined : true}
          data-testid="param-value-input"
          autoFocus
        />
        {form.fieldError('value') !== undefined && (
          <span className="field-error" role="alert" data-testid="param-value-error">
            {form.fieldError('value')}
          </span>
        )}
      </div>
      <ReasonField
        id={`${id}-reason`}
        value={reason}
        onChange={setReason}
        error={form.fieldError('reason')}
        testId="param-reason"
      />
      <SaveActions busy={form.busy} onCancel={onCancel} saveTestId="param-save" />
    </form>
  );
}
