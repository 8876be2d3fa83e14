import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignInOptions } from '../../../contract/sign-in/schemas.ts';
import type { useFormError } from '../../lib/use-form-error.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { isEmbeddedWebView } from '../../wallet/in-app-browser.ts';
import { startGoogleSignIn } from './google-sign-in.ts';

/**
 * Sends the person to Google and back to `redirect`: signing in, or, with a session, linking the
 * Google account to it. A failure to start shows in `form`. Inside an app's built-in browser
 * (a wallet's), Google would only show its own error page: the person gets this page's link to
 * open in their browser instead.
 */
export function GoogleButton({
  google,
  redirect,
  form,
  label,
}: {
  google: NonNullable<SignInOptions['google']>;
  redirect: string;
  form: ReturnType<typeof useFormError>;
  label: string;
}) {
  const [embedded] = useState(() => isEmbeddedWebView(window));
  const [showLink, setShowLink] = useState(false);
  if (embedded) {
    return (
      <>
        <button
          type="button"
          className="btn btn-block"
          onClick={() => setShowLink(true)}
          aria-expanded={showLink}
        >
          {label}
        </button>
        {showLink && <OpenInBrowser />}
      </>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-block"
      onClick={() => void form.submit(() => startGoogleSignIn(google, redirect))}
      disabled={form.busy}
    >
      {label}
    </button>
  );
}

function OpenInBrowser() {
  const { t } = useTranslation('auth');
  const link = window.location.href;
  return (
    <div className="alert google-in-app" role="status" data-testid="google-in-app">
      <p>{t('google.inApp')}</p>
      <input
        className="input"
        readOnly
        value={link}
        aria-label={t('google.link')}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton
        text={link}
        labels={{
          copy: t('google.copy'),
          copied: t('google.copied'),
          failed: t('google.copyFailed'),
        }}
      />
    </div>
  );
}
