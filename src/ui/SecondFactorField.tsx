import { useTranslation } from 'react-i18next';
import type { SecondFactor } from '../../contract/security/schemas.ts';
import { TextField } from './TextField.tsx';

export interface SecondFactorDraft {
  mode: 'totp' | 'recoveryCode';
  text: string;
}

export const EMPTY_FACTOR: SecondFactorDraft = { mode: 'totp', text: '' };

/** The proof as the contract takes it (the server checks it; this only shapes it). */
export function proofOf(draft: SecondFactorDraft): SecondFactor {
  return draft.mode === 'totp' ? { totp: draft.text.trim() } : { recoveryCode: draft.text.trim() };
}

/**
 * The authenticator's six digits, or, behind a link, one of the recovery codes: what every
 * protected step asks for (sign-in on a new device, a withdrawal, turning the factor off).
 */
export function SecondFactorField({
  value,
  onChange,
  error,
}: {
  value: SecondFactorDraft;
  onChange: (next: SecondFactorDraft) => void;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  const totp = value.mode === 'totp';
  return (
    <div className="second-factor" data-testid="second-factor" data-mode={value.mode}>
      <TextField
        label={totp ? t('secondFactor.code') : t('secondFactor.recovery')}
        name={totp ? 'totp' : 'recoveryCode'}
        inputMode={totp ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        spellCheck={false}
        maxLength={totp ? 6 : 24}
        value={value.text}
        onChange={(e) => onChange({ ...value, text: e.target.value })}
        error={error}
        hint={totp ? t('secondFactor.codeHint') : t('secondFactor.recoveryHint')}
      />
      <button
        type="button"
        className="link link-button"
        data-testid="second-factor-switch"
        onClick={() => onChange({ mode: totp ? 'recoveryCode' : 'totp', text: '' })}
      >
        {totp ? t('secondFactor.useRecovery') : t('secondFactor.useCode')}
      </button>
    </div>
  );
}
