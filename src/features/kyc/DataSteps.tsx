import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DOC_TYPES, SEXES } from '../../../contract/kyc/schemas.ts';
import { AreaCodeSelect } from '../../ui/AreaCodeSelect.tsx';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { TextField } from '../../ui/TextField.tsx';
import type { DocType, PersonalDraft, PersonalField, Problem } from './draft.ts';

export type ProblemText = (problem: Problem | undefined) => string | undefined;

/** A field's error line, tied to its input by id. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (text === undefined) return null;
  return (
    <span id={id} className="field-error" role="alert">
      {text}
    </span>
  );
}

/** Sex as two choices, and the birthdate as the browser's date picker (no future dates). */
function SexAndBirthdate({
  draft,
  set,
  error,
}: {
  draft: PersonalDraft;
  set: (key: keyof PersonalDraft, value: string) => void;
  error: (field: PersonalField) => string | undefined;
}) {
  const { t } = useTranslation('kyc');
  const id = useId();
  return (
    <>
      <fieldset className="field kyc-fieldset">
        <legend className="field-label">{t('fields.sex')}</legend>
        <div className="kyc-choices" aria-describedby={`${id}-sex`}>
          {SEXES.map((s) => (
            <label key={s} className="kyc-choice">
              <input
                type="radio"
                name="sex"
                value={s}
                checked={draft.sex === s}
                onChange={() => set('sex', s)}
              />
              {t(`fields.${s}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-sex`} text={error('sex')} />
      </fieldset>
      <TextField
        label={t('fields.birthdate')}
        name="birthdate"
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        value={draft.birthdate}
        onChange={(e) => set('birthdate', e.target.value)}
        error={error('birthdate')}
      />
    </>
  );
}

/** SPEC §3's personal data: names, sex, birthdate, country, address, phone with area code. */
export function PersonalStep({
  draft,
  onChange,
  problems,
  text,
}: {
  draft: PersonalDraft;
  onChange: (next: PersonalDraft) => void;
  problems: Partial<Record<PersonalField, Problem>> | null;
  text: ProblemText;
}) {
  const { t } = useTranslation('kyc');
  const id = useId();
  const set = (key: keyof PersonalDraft, value: string) => onChange({ ...draft, [key]: value });
  const error = (field: PersonalField) => text(problems?.[field]);
  return (
    <div className="kyc-step-body">
      <div className="kyc-pair">
        <TextField
          label={t('fields.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={draft.firstName}
          onChange={(e) => set('firstName', e.target.value)}
          error={error('firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={draft.lastName}
          onChange={(e) => set('lastName', e.target.value)}
          error={error('lastName')}
        />
      </div>
      <SexAndBirthdate draft={draft} set={set} error={error} />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-country`}>
          {t('fields.country')}
        </label>
        <CountrySelect
          id={`${id}-country`}
          name="country"
          autoComplete="country"
          placeholder={t('fields.chooseCountry')}
          value={draft.country}
          onChange={(e) => set('country', e.target.value)}
          aria-invalid={error('country') === undefined ? undefined : true}
        />
        <FieldError id={`${id}-country-error`} text={error('country')} />
      </div>
      <TextField
        label={t('fields.address')}
        name="address"
        autoComplete="street-address"
        value={draft.address}
        hint={t('fields.addressHint')}
        onChange={(e) => set('address', e.target.value)}
        error={error('address')}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-phone`}>
          {t('fields.phone')}
        </label>
        <div className="field-row phone-row">
          <AreaCodeSelect
            label={t('fields.areaCode')}
            value={draft.area}
            onChange={(area) => set('area', area)}
          />
          <input
            id={`${id}-phone`}
            className="input"
            name="phone"
            inputMode="tel"
            autoComplete="tel-national"
            value={draft.phone}
            onChange={(e) => set('phone', e.target.value)}
            aria-invalid={error('phone') === undefined ? undefined : true}
          />
        </div>
        <FieldError id={`${id}-phone-error`} text={error('phone')} />
      </div>
    </div>
  );
}

/** ID card, driver licence or passport; a passport needs no photo of its back. */
export function DocumentStep({
  value,
  onChange,
  problem,
}: {
  value: DocType | '';
  onChange: (next: DocType) => void;
  problem: string | undefined;
}) {
  const { t } = useTranslation('kyc');
  const id = useId();
  return (
    <fieldset className="kyc-step-body kyc-fieldset" aria-describedby={`${id}-error`}>
      <legend className="field-label">{t('docType.label')}</legend>
      <div className="kyc-documents">
        {DOC_TYPES.map((d) => (
          <label key={d} className="kyc-document" data-testid={`kyc-doc-${d}`}>
            <input
              type="radio"
              name="docType"
              value={d}
              checked={value === d}
              onChange={() => onChange(d)}
            />
            <span className="kyc-document-name">{t(`docType.${d}`)}</span>
            <span className="field-hint">
              {t(d === 'passport' ? 'docType.oneSide' : 'docType.twoSides')}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} text={problem} />
    </fieldset>
  );
}
