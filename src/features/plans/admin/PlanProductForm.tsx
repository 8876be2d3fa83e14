import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLAN_LIMITS,
  planFieldCodes,
  planProductBody,
  type PlanProduct,
} from '../../../../contract/plans/schemas.ts';
import { staffCall } from '../../../api/staff-session.ts';
import { ReasonField, SaveActions, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { ProductStatusField, type ProductStatus } from '../../../ui/admin/ProductStatus.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** The one-line terms, in the form's order (the stated yield source is a text area after them). */
const FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'cycleDays',
  'dailyRatePercent',
  'purchaseLimit',
  'exitPenaltyPercent',
] as const;
type Field = (typeof FIELDS)[number] | 'yieldSource';
const DECIMAL_FIELDS: ReadonlySet<Field> = new Set([
  'minAmount',
  'maxAmount',
  'dailyRatePercent',
  'exitPenaltyPercent',
]);

function initial(product: PlanProduct | null): Record<Field, string> {
  return {
    name: product?.name ?? '',
    minAmount: product?.minAmount ?? '',
    maxAmount: product?.maxAmount ?? '',
    cycleDays: product === null ? '' : String(product.cycleDays),
    dailyRatePercent: product?.dailyRatePercent ?? '',
    purchaseLimit: product === null ? '' : String(product.purchaseLimit),
    exitPenaltyPercent: product?.exitPenaltyPercent ?? '',
    yieldSource: product?.yieldSource ?? '',
  };
}

/**
 * A smart plan product's terms, new or changed, with the reason the audit log keeps. Every
 * figure is sent as typed (decimal strings, whole numbers as digits) and checked with the
 * call's own schema first, so the message is the one the server would give. Open plans keep
 * the terms they were bought with.
 */
export function PlanProductForm({
  product,
  onCancel,
  onSaved,
}: {
  /** null: a new product. */
  product: PlanProduct | null;
  onCancel: () => void;
  onSaved: (saved: PlanProduct) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useAdminForm();
  const id = useId();
  const [values, setValues] = useState(() => initial(product));
  const [status, setStatus] = useState<ProductStatus>(product?.status ?? 'open');
  const [reason, setReason] = useState('');
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const typed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, k === 'yieldSource' ? v : v.trim()]),
    );
    const input = { ...(product === null ? {} : { id: product.id }), ...typed, status, reason };
    const body = form.check(planProductBody, input, planFieldCodes);
    if (body === null) return;
    await form.run(async () => onSaved(await staffCall('saveSmartProduct', { body })));
  }

  const fieldError = form.fieldError;
  const formError = form.formError([...FIELDS, 'yieldSource', 'reason']);
  return (
    <section className="card admin-card" data-testid="plan-form">
      <h2 className="admin-section-title">
        {product === null ? t('plans.new') : t('plans.editing', { name: product.name })}
      </h2>
      {product !== null && <p className="muted admin-modal-text">{t('plans.keepTerms')}</p>}
      {formError !== null && (
        <div className="alert alert-error" role="alert" data-testid="plan-form-error">
          {formError}
        </div>
      )}
      <form onSubmit={submit} noValidate className="admin-form-grid">
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`plans.field.${f}`)}
            hint={t(`plans.help.${f}`)}
            name={f}
            inputMode={f === 'name' ? undefined : DECIMAL_FIELDS.has(f) ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={values[f]}
            maxLength={f === 'name' ? PLAN_LIMITS.nameMax : 20}
            onChange={(e) => set(f, e.target.value)}
            error={fieldError(f)}
            data-testid={`plan-form-${f}`}
          />
        ))}
        <ProductStatusField
          id={`${id}-status`}
          value={status}
          onChange={setStatus}
          testId="plan-form-status"
        />
        <div className="field admin-span">
          <label className="field-label" htmlFor={`${id}-source`}>
            {t('plans.field.yieldSource')}
          </label>
          <textarea
            id={`${id}-source`}
            className="input admin-textarea"
            value={values.yieldSource}
            maxLength={PLAN_LIMITS.yieldSourceMax}
            onChange={(e) => set('yieldSource', e.target.value)}
            aria-invalid={fieldError('yieldSource') === undefined ? undefined : true}
            data-testid="plan-form-yieldSource"
          />
          {fieldError('yieldSource') === undefined ? (
            <span className="field-hint">{t('plans.help.yieldSource')}</span>
          ) : (
            <span className="field-error" role="alert">
              {fieldError('yieldSource')}
            </span>
          )}
        </div>
        <div className="admin-span">
          <ReasonField
            id={`${id}-reason`}
            value={reason}
            onChange={setReason}
            error={fieldError('reason')}
            testId="plan-form-reason"
          />
          <SaveActions busy={form.busy} onCancel={onCancel} saveTestId="plan-form-save" />
        </div>
      </form>
    </section>
  );
}
