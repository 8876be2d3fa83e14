import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { TextField } from '../../ui/TextField.tsx';
import { visitorStore } from './visitor.ts';

/**
 * A visitor leaves an address and proves it with a code (as at sign-up) to start a chat; the
 * chat stays theirs on this browser, and becomes their account's when they sign in.
 */
export function VisitorStart() {
  const { t } = useTranslation('support');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function run(fn: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  const sendCode = () =>
    run(async () => {
      await call('supportVisitorCode', { body: { email } });
      setSent(true);
    });
  function start(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      visitorStore.set(await call('supportVisitor', { body: { email, code } }));
    });
  }
  return (
    <section className="card chat-visitor" data-testid="chat-visitor">
      <h2>{t('visitorTitle')}</h2>
      <p className="muted">{t('visitorBody')}</p>
      <form onSubmit={start}>
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          trailing={
            <button
              type="button"
              className="btn btn-ghost btn-small"
              disabled={busy || email === ''}
              onClick={() => void sendCode()}
            >
              {t('sendCode')}
            </button>
          }
        />
        {sent && <p className="muted">{t('codeSent')}</p>}
        <TextField
          label={t('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {error !== null && (
          <p className="alert alert-error" role="alert">
            {errorMessage(t, error)}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !sent}>
          {t('startChat')}
        </button>
      </form>
      <p>
        <Link to="/pass/login?redirect=%2Fprofile%2Fkefu">{t('orLogIn')}</Link>
      </p>
    </section>
  );
}
