import { useTranslation } from 'react-i18next';
import { PRODUCT_STATUSES } from '../../../contract/plans/schemas.ts';
import { StatusBadge as SharedStatusBadge } from '../StatusBadge.tsx';

/** A product on offer (smart plans, loans): open to new subscriptions or applications, or paused. */
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('admin');
  return (
    <SharedStatusBadge
      status={status}
      label={t(`productStatus.${status}`)}
      className={`admin-product-${status}`}
    />
  );
}

/** The status a product form sets; a paused product takes no new business, the open ones run on. */
export function ProductStatusField({
  id,
  value,
  onChange,
  testId,
}: {
  id: string;
  value: ProductStatus;
  onChange: (status: ProductStatus) => void;
  testId: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t('productStatus.label')}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value === 'paused' ? 'paused' : 'open')}
        data-testid={testId}
      >
        {PRODUCT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`productStatus.${s}`)}
          </option>
        ))}
      </select>
      <span className="field-hint">{t('productStatus.help')}</span>
    </div>
  );
}
