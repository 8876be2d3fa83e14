import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LOAN_LIMITS,
  loanFieldCodes,
  loanProductBody,
  type LoanProduct,
} from '../../../../contract/loans/schemas.ts';
import { staffCall } from '../../../api/staff-session.ts';
import { ReasonField, SaveActions, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { ProductStatusField, type ProductStatus } from '../../../ui/admin/ProductStatus.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** The product's terms in the form's order; `terms` is the list of loan terms in days. */
const FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'terms',
  'dailyRatePercent',
  'freeDays',
  'overdueRatePercent',
] as const;
type Field = (typeof FIELDS)[number];
const INPUT_MODE: Record<Field, 'decimal' | 'numeric' | 'text'> = {
  name: 'text',
  minAmount: 'decimal',
  maxAmount: 'decimal',
  terms: 'text',
  dailyRatePercent: 'decimal',
  freeDays: 'numeric',
  overdueRatePercent: 'decimal',
};

function initial(product: LoanProduct | null): Record<Field, string> {
  return {
    name: product?.name ?? '',
    minAmount: product?.minAmount ?? '',
    maxAmount: product?.maxAmount ?? '',
    terms: product?.terms.join(', ') ?? '',
    dailyRatePercent: product?.dailyRatePercent ?? '',
    freeDays: product === null ? '' : String(product.freeDays),
    overdueRatePercent: product?.overdueRatePercent ?? '',
  };
}

/** "7, 14 30" as typed: each term's digits, for the schema to read (or name the field). */
function termList(typed: string): string[] {
  return typed.split(/[\s,;]+/).filter((term) => term !== '');
}

/**
 * A loan product's terms, new or changed, with the reason the audit log keeps. Figures are sent
 * as typed (decimal strings, whole numbers as digits) and checked with the call's own schema
 * first. Open loans keep the terms they were signed with.
 */
export function LoanProductForm({
  product,
  onCancel,
  onSaved,
}: {
  /** null: a new product. */
  product: LoanProduct | null;
  onCancel: () => void;
  onSaved: (saved: LoanProduct) => Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const form = useAdminForm();
  const id = useId();
  const [values, setValues] = useState(() => initial(product));
  const [status, setStatus] = useState<ProductStatus>(product?.status ?? 'open');
  const [reason, setReason] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const typed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    const input = {
      ...(product === null ? {} : { id: product.id }),
      ...typed,
      terms: termList(values.terms),
      status,
      reason,
    };
    const body = form.check(loanProductBody, input, loanFieldCodes);
    if (body === null) return;
    await form.run(async () => onSaved(await staffCall('saveLoanProduct', { body })));
  }

  const formError = form.formError([...FIELDS, 'reason']);
  return (
    <section className="card admin-card" data-testid="loan-form">
      <h2 className="admin-section-title">
        {product === null
          ? t('loanProducts.new')
          : t('loanProducts.editing', { name: product.name })}
      </h2>
      {product !== null && <p className="muted admin-modal-text">{t('loanProducts.keepTerms')}</p>}
      {formError !== null && (
        <div className="alert alert-error" role="alert" data-testid="loan-form-error">
          {formError}
        </div>
      )}
      <form onSubmit={submit} noValidate className="admin-form-grid">
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`loanProducts.field.${f}`)}
            hint={t(`loanProducts.help.${f}`)}
            name={f}
            inputMode={INPUT_MODE[f]}
            autoComplete="off"
            value={values[f]}
            maxLength={f === 'name' ? LOAN_LIMITS.nameMax : f === 'terms' ? 120 : 20}
            onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
            error={form.fieldError(f)}
            data-testid={`loan-form-${f}`}
          />
        ))}
        <ProductStatusField
          id={`${id}-status`}
          value={status}
          onChange={setStatus}
          testId="loan-form-status"
        />
        <div className="admin-span">
          <ReasonField
            id={`${id}-reason`}
            value={reason}
            onChange={setReason}
            error={form.fieldError('reason')}
            testId="loan-form-reason"
          />
          <SaveActions busy={form.busy} onCancel={onCancel} saveTestId="loan-form-save" />
        </div>
      </form>
    </section>
  );
}
