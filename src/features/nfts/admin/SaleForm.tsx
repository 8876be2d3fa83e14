import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { nftFieldCodes, saleBody, type AdminSale } from '../../../../contract/nfts/schemas.ts';
import { ADMIN_KEY, staffCall } from '../../../api/staff-session.ts';
import { ReasonField, SaveActions, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** The terms, in the form's order; buy-now and the creator's account may be left empty. */
const FIELDS = [
  'startPrice',
  'minIncrementPercent',
  'extendMinutes',
  'buyNowPrice',
  'charityPercent',
  'creatorPercent',
  'feePercent',
  'durationMinutes',
  'creatorUserId',
] as const;
type Field = (typeof FIELDS)[number];
const WHOLE: ReadonlySet<Field> = new Set(['extendMinutes', 'durationMinutes', 'creatorUserId']);
const OPTIONAL: ReadonlySet<Field> = new Set(['buyNowPrice', 'creatorUserId']);
const INITIAL: Record<Field, string> = {
  startPrice: '',
  minIncrementPercent: '5',
  extendMinutes: '5',
  buyNowPrice: '',
  charityPercent: '80',
  creatorPercent: '15',
  feePercent: '5',
  durationMinutes: '1440',
  creatorUserId: '',
};

/** NFTs that may be offered: not on sale now, never sold. */
function useOfferable() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'nftCatalogue'],
    queryFn: () => staffCall('listNft', { query: { filter: 'all' } }),
    select: (d) => d.list.filter((n) => n.owner === null && n.sale?.status !== 'open'),
  });
}

/**
 * A new sale's terms, with the reason the audit log keeps. Checked with the call's own schema
 * first; the terms never change once bidding starts (a sale may only be withdrawn).
 */
export function SaleForm(p: { onCancel: () => void; onSaved: (s: AdminSale) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const form = useAdminForm();
  const id = useId();
  const nfts = useOfferable();
  const [nftId, setNftId] = useState('');
  const [values, setValues] = useState(INITIAL);
  const [reason, setReason] = useState('');
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const typed = Object.fromEntries(
      FIELDS.filter((f) => !(OPTIONAL.has(f) && values[f].trim() === '')).map((f) => [
        f,
        values[f].trim(),
      ]),
    );
    const body = form.check(saleBody, { nftId, ...typed, reason }, nftFieldCodes);
    if (body === null) return;
    await form.run(async () => p.onSaved(await staffCall('saveNftSale', { body })));
  }

  const formError = form.formError([...FIELDS, 'nftId', 'reason']);
  return (
    <section className="card admin-card" data-testid="nft-sale-form">
      <h2 className="admin-section-title">{t('nftSales.new')}</h2>
      <p className="muted admin-modal-text">{t('nftSales.termsFixed')}</p>
      {formError !== null && (
        <div className="alert alert-error" role="alert" data-testid="nft-sale-form-error">
          {formError}
        </div>
      )}
      <form onSubmit={submit} noValidate className="admin-form-grid">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-nft`}>
            {t('nftSales.field.nftId')}
          </label>
          <select
            id={`${id}-nft`}
            className="input"
            value={nftId}
            onChange={(e) => setNftId(e.target.value)}
            data-testid="nft-sale-form-nftId"
          >
            <option value="">{t('nftSales.chooseNft')}</option>
            {nfts.data?.map((n) => (
              <option key={n.id} value={String(n.id)}>
                {n.name} · {n.creator}
              </option>
            ))}
          </select>
          {form.fieldError('nftId') !== undefined && (
            <span className="field-error" role="alert">
              {form.fieldError('nftId')}
            </span>
          )}
        </div>
        {FIELDS.map((f) => (
          <TextField
            key={f}
            label={t(`nftSales.field.${f}`)}
            hint={t(`nftSales.help.${f}`)}
            name={f}
            inputMode={WHOLE.has(f) ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={values[f]}
            maxLength={20}
            onChange={(e) => set(f, e.target.value)}
            error={form.fieldError(f)}
            data-testid={`nft-sale-form-${f}`}
          />
        ))}
        <div className="admin-span">
          <ReasonField
            id={`${id}-reason`}
            value={reason}
            onChange={setReason}
            error={form.fieldError('reason')}
            testId="nft-sale-form-reason"
          />
        </div>
        <div className="admin-span">
          <SaveActions busy={form.busy} onCancel={p.onCancel} saveTestId="nft-sale-form-save" />
        </div>
      </form>
    </section>
  );
}
