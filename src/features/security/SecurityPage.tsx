import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  secondFactorBody,
  securityFieldCodes,
  totpBeginBody,
  totpConfirmBody,
  type SecurityStatus,
} from '../../../contract/security/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { QrCode } from '../../ui/QrCode.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { SECURITY, useSecurity } from '../../api/security.ts';
import { EMPTY_FACTOR, proofOf, SecondFactorField } from '../../ui/SecondFactorField.tsx';
import './security.css';

/** Two-step verification: set up an authenticator app, recovery codes, turn it off. */
export default function SecurityPage() {
  const { t } = useTranslation('security');
  const status = useSecurity();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (status.isPending) return <Spinner />;
  if (status.isError) return <EmptyState icon="shield" title={errorMessage(t, status.error)} />;
  return (
    <div className="page page-narrow" data-testid="security-page">
      <h1 className="page-title">{t('title')}</h1>
      {status.data.withdrawalsHeldUntil !== null && (
        <div className="alert alert-info" data-testid="security-hold">
          {t('hold', { until: status.data.withdrawalsHeldUntil })}
        </div>
      )}
      {codes !== null ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.data.totp ? (
        <FactorOn status={status.data} onCodes={setCodes} />
      ) : (
        <Enrol onCodes={setCodes} />
      )}
    </div>
  );
}

/** The secret as a QR code and as text, then the first code turns it on. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const form = useFormError();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  // An account with a password proves it before a new authenticator is put on it.
  const hasPassword = useStore(sessionStore).userInfo?.hasPassword !== false;
  const [password, setPassword] = useState('');

  async function begin(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(totpBeginBody, hasPassword ? { password } : {}, securityFieldCodes);
    if (body === null) return;
    await form.submit(async () => setEnrolment(await call('beginTotp', { body })));
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(totpConfirmBody, { code }, securityFieldCodes);
    if (body === null) return;
    await form.submit(async () => {
      const { recoveryCodes } = await call('confirmTotp', { body });
      onCodes(recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: SECURITY });
    });
  }

  if (enrolment === null) {
    return (
      <form className="card" data-testid="security-off" onSubmit={begin} noValidate>
        <h2 className="section-title">{t('totp.title')}</h2>
        <p className="muted">{t('totp.intro')}</p>
        <FormErrorAlert form={form} fields={['password']} />
        {hasPassword && (
          <TextField
            label={t('auth:fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={form.fieldError('password')}
          />
        )}
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="totp-begin"
          disabled={form.busy}
        >
          {t('totp.begin')}
        </button>
      </form>
    );
  }
  return (
    <form className="card security-enrol" onSubmit={confirm} noValidate>
      <h2 className="section-title">{t('totp.scan')}</h2>
      <QrCode text={enrolment.uri} label={t('totp.qr')} className="security-qr" testId="totp-qr" />
      <p className="muted">{t('totp.manual')}</p>
      <p className="security-secret">
        <code data-testid="totp-secret">{enrolment.secret}</code>
        <Copy text={enrolment.secret} />
      </p>
      <FormErrorAlert form={form} fields={['code']} />
      <TextField
        label={t('totp.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={form.fieldError('code')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.busy}>
        {t('totp.confirm')}
      </button>
    </form>
  );
}

function Copy({ text }: { text: string }) {
  const { t } = useTranslation('security');
  return (
    <CopyButton
      text={text}
      labels={{ copy: t('copy.copy'), copied: t('copy.copied'), failed: t('copy.failed') }}
    />
  );
}

/** Shown once: the person keeps them; only their hashes are stored. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  return (
    <section className="card" data-testid="recovery-codes">
      <h2 className="section-title">{t('recovery.title')}</h2>
      <p>{t('recovery.once')}</p>
      <ol className="security-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <p className="security-secret">
        <Copy text={codes.join('\n')} />
      </p>
      <button type="button" className="btn btn-primary btn-block" onClick={onDone}>
        {t('recovery.saved')}
      </button>
    </section>
  );
}

/** On: the codes left, new recovery codes and turning it off, each with the second factor. */
function FactorOn({
  status,
  onCodes,
}: {
  status: SecurityStatus;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const form = useFormError();
  const [action, setAction] = useState<'codes' | 'off' | null>(null);
  const [factor, setFactor] = useState(EMPTY_FACTOR);

  async function submit(e: FormEvent) {
    e.preventDefault();
    form.clear();
    const body = form.check(
      secondFactorBody,
      { secondFactor: proofOf(factor) },
      securityFieldCodes,
    );
    if (body === null || action === null) return;
    await form.submit(async () => {
      if (action === 'codes') onCodes((await call('newRecoveryCodes', { body })).recoveryCodes);
      else await call('disableTotp', { body });
      setAction(null);
      setFactor(EMPTY_FACTOR);
      await queryClient.invalidateQueries({ queryKey: SECURITY });
    });
  }

  return (
    <section className="card" data-testid="security-on">
      <h2 className="section-title">{t('totp.title')}</h2>
      <p data-testid="security-status">{t('totp.on')}</p>
      <p className="muted" data-testid="recovery-left" data-left={status.recoveryCodesLeft}>
        {t('recovery.left', { count: status.recoveryCodesLeft })}
      </p>
      {action === null ? (
        <div className="security-actions">
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="recovery-new"
            onClick={() => setAction('codes')}
          >
            {t('recovery.new')}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="totp-off"
            onClick={() => setAction('off')}
          >
            {t('totp.off')}
          </button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate data-testid="security-confirm">
          <p className="muted">{action === 'off' ? t('totp.offNote') : t('recovery.newNote')}</p>
          <FormErrorAlert form={form} fields={['secondFactor']} />
          <SecondFactorField
            value={factor}
            onChange={setFactor}
            error={form.fieldError('secondFactor')}
          />
          <div className="security-actions">
            <button type="submit" className="btn btn-primary" disabled={form.busy}>
              {action === 'off' ? t('totp.offConfirm') : t('recovery.newConfirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setAction(null)}>
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
