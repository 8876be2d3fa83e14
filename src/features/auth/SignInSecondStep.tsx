import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '../../../contract/auth/schemas.ts';
import { loginSecondFactorBody, securityFieldCodes } from '../../../contract/security/schemas.ts';
import { call } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { deviceId } from '../../lib/device-id.ts';
import { EMPTY_FACTOR, proofOf, SecondFactorField } from '../../ui/SecondFactorField.tsx';

/**
 * A password sign-in on a device the second factor has not vouched for (10230): the code, or a
 * recovery code, finishes it with the ticket the password earned. A late ticket (10234) sends
 * the person back to the password.
 */
export function SignInSecondStep({
  ticket,
  onSignedIn,
  onRestart,
}: {
  ticket: string;
  onSignedIn: (res: LoginResult) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('auth');
  const form = useFormError();
  const [factor, setFactor] = useState(EMPTY_FACTOR);

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(
      loginSecondFactorBody,
      { ticket, secondFactor: proofOf(factor), device: deviceId() },
      securityFieldCodes,
    );
    if (body === null) return;
    await form.submit(async () => onSignedIn(await call('loginSecondFactor', { body })));
  }

  return (
    <form onSubmit={submit} noValidate data-testid="sign-in-second-step">
      <p className="muted">{t('secondFactor.signInNote')}</p>
      <FormErrorAlert form={form} fields={['secondFactor', 'code']} />
      <SecondFactorField
        value={factor}
        onChange={setFactor}
        error={form.fieldError('secondFactor') ?? form.fieldError('code')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {t('secondFactor.verify')}
      </button>
      <button type="button" className="btn btn-ghost btn-block" onClick={onRestart}>
        {t('secondFactor.back')}
      </button>
    </form>
  );
}
